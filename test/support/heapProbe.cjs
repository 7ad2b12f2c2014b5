// Preloaded into a server process (with --expose-gc) by tests that bound its memory: on the message
// 'heap' over the IPC channel, collects garbage fully and answers with process.memoryUsage().
'use strict';
process.on('message', (message) => {
  if (message !== 'heap') return;
  global.gc();
  global.gc();
  process.send(process.memoryUsage());
});
// The channel must not keep the server alive once the client has said exit.
if (process.channel) process.channel.unref();
