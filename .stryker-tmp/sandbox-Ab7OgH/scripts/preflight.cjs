// @ts-nocheck
// Runs first in `npm start`, `npm test`, `npm run demo` (decision 1300), before any build. npm puts
// node_modules/.bin first on PATH, where `npm ci` installed the project's Node.js 24 (the optional dependency
// `node`), so `node` here is that one if it is there, else the machine's. On an older Node the TypeScript
// would fail later with ERR_UNKNOWN_FILE_EXTENSION: say instead, in one sentence, what is needed.
// Plain ES5 CommonJS: it must run on any Node.
var fs = require('fs');
var path = require('path');
var spawnSync = require('child_process').spawnSync;

var root = path.join(__dirname, '..');
// The Node that runs npm: npm ci leaves out the optional packages whose engines exclude it (rolldown's binding
// needs ^20.19.0 || >=22.12.0), so package.json's engines.node is the range of the Node that runs npm.
var npmNode = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
var agent = /^npm\/\S+ node\/(v\S+)/.exec(process.env.npm_config_user_agent || '');
var why;
if (agent && !satisfies(agent[1], npmNode)) {
  why = 'npm ci must run on Node.js ' + npmNode + ' (this npm runs on ' + agent[1] + ' and leaves out packages ';
  why += 'the build needs): put such a Node first on PATH and run npm ci again.';
} else if (Number(process.versions.node.split('.')[0]) >= 24) {
  process.exit(0);
} else if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  why = 'Node.js 24 is needed: run npm ci first (it installs Node.js 24 into node_modules/.bin).';
} else if (!fs.existsSync(path.join(root, 'node_modules', '.bin', 'node'))) {
  why = 'Node.js 24 is needed, and npm ci installed none into node_modules (npm has no Node.js 24 build for ';
  why += process.platform + '-' + process.arch + ', or npm ci ran with --omit=optional or --ignore-scripts), so ';
  why += 'install Node.js 24 yourself.';
} else {
  var run = spawnSync(path.join(root, 'node_modules', '.bin', 'node'), ['--version'], { encoding: 'utf8' });
  var err = run.error ? run.error.message : String(run.stderr).trim();
  why =
    run.status === 0
      ? 'Node.js 24 is needed: run this command through npm (npm start, npm test, npm run demo, npx node <file>).'
      : 'Node.js 24 is needed, and node_modules/.bin/node does not run here (' + err + '), so install it yourself.';
}
console.error(why + ' (This is Node.js ' + process.version + '.)');
process.exit(1);

/** Whether `version` (v20.20.2) is in `range`: alternatives `^x.y.z` or `>=x.y.z` joined by `||`. */
function satisfies(version, range) {
  var v = version.slice(1).split('.').map(Number);
  return range.split('||').some(function (alternative) {
    var m = /^\s*(\^|>=)(\d+)\.(\d+)\.(\d+)\s*$/.exec(alternative);
    if (!m) throw new Error('engines.node: only ^x.y.z and >=x.y.z are understood, not ' + alternative);
    var order = v[0] - m[2] || v[1] - m[3] || v[2] - m[4];
    return order >= 0 && (m[1] === '>=' || v[0] === Number(m[2]));
  });
}
