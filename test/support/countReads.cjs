// Preloaded into the language server by tests (`node --require`): appends one line per file read
// and per stat (`read <path>` / `stat <path>`) to the file named by WAYPOINT_READ_LOG, so a test can
// count how often the server goes to disk. Patches the shared fs.promises object, which the
// bundled server calls through at call time.
const fs = require('node:fs');
const log = process.env.WAYPOINT_READ_LOG;
if (log) {
  for (const name of ['readFile', 'stat']) {
    const original = fs.promises[name];
    fs.promises[name] = function (path, ...rest) {
      fs.appendFileSync(log, `${name === 'readFile' ? 'read' : 'stat'} ${String(path)}\n`);
      return original.call(this, path, ...rest);
    };
  }
}
