// Import this first: from then on `require('vscode')` gives fakeVscode.ts, so a unit test can load the src/vscode
// modules that read VS Code's trust state. No other unit test loads a module that imports vscode.
import Module from 'node:module';

const fake = require.resolve('./fakeVscode');
const resolver = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolve = resolver._resolveFilename;
resolver._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
  return request === 'vscode' ? fake : resolve.call(this, request, ...rest);
};
