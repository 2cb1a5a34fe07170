// npm itself runs on the machine's Node (which may be 20); every script must run on the Node 24 pinned
// through the `node` dev dependency. If that binary is missing (an install with --ignore-scripts, say),
// scripts would silently fall back to the system Node and fail in confusing ways, so stop here instead.
if (!process.version.startsWith('v24.')) {
  console.error(
    `Frontline needs Node 24 (found ${process.version}). Run \`npm ci\` so that node_modules/.bin/node exists, ` +
      'then use `npm run …`, which puts it first on the PATH.',
  );
  process.exit(1);
}
