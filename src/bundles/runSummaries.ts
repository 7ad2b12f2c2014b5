// dist/runSummaries.js: the worker thread that summarises batch runs for the Runs view. Summaries
// use each benchmark's report hooks, so the built-ins' full definitions; loading the worker module
// starts answering the thread's messages.
import '../core/benchmarks';
import '../extension/eval/runSummaryWorker';
