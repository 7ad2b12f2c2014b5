// The ELK layout worker, bundled on its own so the maze view can start it from a blob URL
// (webviews cannot load workers from their resource origin).
import 'elkjs/lib/elk-worker.min.js';
