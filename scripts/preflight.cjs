// Runs first in `npm start`, `npm test`, `npm run demo` (decision 1300), before any build. npm puts
// node_modules/.bin first on PATH, where `npm ci` installed the project's Node.js 24 (the optional dependency
// node-linux-<arch>), so `node` here is that one if it is there, else the machine's. On an older Node the
// TypeScript would fail later with ERR_UNKNOWN_FILE_EXTENSION: say instead, in one sentence, what is needed.
// Plain ES5 CommonJS: it must run on any Node.
var fs = require('fs');
var path = require('path');
var spawnSync = require('child_process').spawnSync;

var NEEDED = 24;
if (Number(process.versions.node.split('.')[0]) >= NEEDED) process.exit(0);

var needed = 'Node.js ' + NEEDED + ' is needed (this is Node.js ' + process.version + ')';
var npm = /^npm\/(\d+)\S*/.exec(process.env.npm_config_user_agent || '');
var platform = process.platform + '-' + process.arch;
var bin = path.join(__dirname, '..', 'node_modules', '.bin', 'node');
var why;
if (npm && Number(npm[1]) < 7) {
  why = 'npm 7 or later is needed to install Node.js ' + NEEDED + ' into node_modules (this is ' + npm[0] + ').';
} else if (platform !== 'linux-x64' && platform !== 'linux-arm64') {
  why = needed + ': npm ci installs it only on Linux x64 and arm64, so on ' + platform + ' install it yourself.';
} else if (!fs.existsSync(bin)) {
  why = needed + ': run npm ci (it installs Node.js ' + NEEDED + ' into node_modules/.bin), then this command again.';
} else {
  var run = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  var err = run.error ? run.error.message : String(run.stderr || '').split('\n')[0];
  why = needed + ': ';
  why +=
    run.status === 0
      ? 'run this command through npm (npm start, npm test, npm run demo, npx node <file>).'
      : 'node_modules/.bin/node does not run here (' + err + '), so install Node.js ' + NEEDED + ' yourself.';
}
console.error(why);
process.exit(1);
