// One clear line and a failing exit when the Node that runs the project is older than it supports. npm runs this
// after every install with node_modules/.bin first on PATH, so on an older system Node it checks the Node 24 that the
// `node` devDependency installs there (and fails when that was left out, e.g. with --omit=dev).
const MINIMUM = [22, 12];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])) {
  console.error(
    `Tessera needs Node.js ${MINIMUM.join('.')} or newer (24 LTS recommended), but ${process.execPath} is ${process.version}: install a newer Node, or run npm install without --omit=dev so node_modules/.bin/node is Node 24.`,
  );
  process.exit(1);
}
