/*
 * Imported first by the server's entry point: on a Node older than the project supports, one line and exit, before a
 * dependency fails somewhere obscure. (npm scripts run the `node` devDependency's Node 24; this is for a server
 * started by hand with an older one.)
 */
const MINIMUM = [22, 12] as const;
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])) {
  console.error(`Tessera needs Node.js ${MINIMUM.join('.')} or newer (24 LTS recommended); this is ${process.version}.`);
  process.exit(1);
}
