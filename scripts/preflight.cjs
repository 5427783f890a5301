// Runs first in `npm start`, `npm test`, `npm run demo` (decision 1300), before any build. npm puts
// node_modules/.bin first on PATH, where `npm ci` installed the project's Node.js 24 (the optional dependency
// `node`), so `node` here is that one if it is there, else the machine's. On an older Node the TypeScript
// would fail later with ERR_UNKNOWN_FILE_EXTENSION: say instead, in one sentence, what is needed.
// Plain ES5 CommonJS: it must run on any Node.
var fs = require('fs');
var path = require('path');
var spawnSync = require('child_process').spawnSync;

if (Number(process.versions.node.split('.')[0]) >= 24) process.exit(0);

var modules = path.join(__dirname, '..', 'node_modules');
var bin = path.join(modules, '.bin', 'node');
var npm = /^npm\/(\d+)\S*/.exec(process.env.npm_config_user_agent || '');
var platform = process.platform + '-' + process.arch;
var why = 'Node.js 24 is needed (this is Node.js ' + process.version + '): ';
if (npm && Number(npm[1]) < 7) {
  why = 'npm 7 or later is needed to install Node.js 24 into node_modules (this is ' + npm[0] + ').';
} else if (!fs.existsSync(path.join(modules, '.package-lock.json'))) {
  why += 'run npm ci first (it installs Node.js 24 into node_modules/.bin).';
} else if (!fs.existsSync(bin)) {
  why += 'npm ci installed none into node_modules (npm has no Node.js 24 build for ' + platform + ', or npm ci ';
  why += 'ran with --omit=optional or --ignore-scripts), so install Node.js 24 yourself.';
} else {
  var run = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  var err = run.error ? run.error.message : String(run.stderr).trim();
  why +=
    run.status === 0
      ? 'run this command through npm (npm start, npm test, npm run demo, npx node <file>).'
      : 'node_modules/.bin/node does not run here (' + err + '), so install Node.js 24 yourself.';
}
console.error(why);
process.exit(1);
