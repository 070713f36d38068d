// Lets unit tests import prompts/*.md as text, the way esbuild's text loader bundles them.
const fs = require('node:fs');
require.extensions['.md'] = (module, filename) => {
  module.exports = fs.readFileSync(filename, 'utf8');
};
