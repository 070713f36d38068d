import { strict as assert } from 'node:assert';
import { parseMcpJson } from '../../../../src/core/mcp/mcpJsonFile';
import { expandVariables, mergeServerConfigs, parseServers, type McpConfigProblem, type McpServerConfig } from '../../../../src/core/mcp/mcpServerConfig';
import { mcpServerList } from '../../../../src/core/mcp/mcpServerList';
import { mcpToolAutoApproved, mcpToolName } from '../../../../src/core/mcp/mcpToolName';
import { english } from '../../../../src/core/ports/translator';

describe('MCP server configuration (spec §12)', () => {
  it('reads .vscode/mcp.json in VS Code\'s format, comments and trailing commas included', () => {
    const parsed = parseMcpJson(`{
      // the reference server
      "servers": {
        "everything": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"], "env": { "N": 1 } },
        "remote": { "type": "http", "url": "https://example.invalid/mcp", "headers": { "Authorization": "Bearer x" } },
        "implicit": { "command": "node", },
      },
      "inputs": [],
    }`);
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(parsed.servers, [
      { name: 'everything', source: '.vscode/mcp.json', transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], env: { N: '1' } },
      { name: 'remote', source: '.vscode/mcp.json', transport: 'http', url: 'https://example.invalid/mcp', headers: { Authorization: 'Bearer x' } },
      { name: 'implicit', source: '.vscode/mcp.json', transport: 'stdio', command: 'node', args: [], env: {} },
    ]);
  });

  it('reports a broken file or a broken server by name and keeps the others', () => {
    assert.match(parseMcpJson('{"servers": {').problems[0]!.reason(english), /^not valid JSON: .* on line 1\.$/);
    const parsed = parseServers({ ok: { command: 'x' }, noCommand: { type: 'stdio', args: [] }, old: { type: 'sse', url: 'http://h' }, odd: 5 }, 'settings');
    assert.deepEqual(parsed.servers.map((s) => s.name), ['ok']);
    assert.deepEqual(parsed.problems.map((p) => [p.server, p.reason(english)]), [
      ['noCommand', 'command: Invalid input: expected string, received undefined'],
      ['old', 'type "sse" (the old HTTP+SSE transport) is not supported; use "http" (streamable HTTP).'],
      ['odd', 'must be an object with "command" (stdio) or "url" (http).'],
    ]);
  });

  it('the workspace file wins over the setting on a name clash', () => {
    const fromSettings = parseServers({ shared: { command: 'from-settings' }, mine: { command: 'm' } }, 'settings').servers;
    const fromFile = parseServers({ shared: { command: 'from-file' } }, '.vscode/mcp.json').servers;
    const merged = mergeServerConfigs(fromSettings, fromFile);
    assert.deepEqual(merged.map((s) => [s.name, s.transport === 'stdio' ? s.command : '', s.source]), [['mine', 'm', 'settings'], ['shared', 'from-file', '.vscode/mcp.json']]);
  });

  it('expands ${workspaceFolder} and ${env:NAME} everywhere, and names what it cannot expand', () => {
    const [server] = parseServers({ s: { command: '${workspaceFolder}/bin/srv', args: ['--token=${env:TOKEN}', '${env:UNSET}x'], env: { HOME_DIR: '${env:HOME}' }, cwd: '${workspaceFolder}' } }, 'settings').servers;
    const expanded = expandVariables(server!, { workspaceFolder: '/ws', env: { TOKEN: 't0k', HOME: '/home/me' } }) as McpServerConfig;
    assert.deepEqual(expanded, { name: 's', source: 'settings', transport: 'stdio', command: '/ws/bin/srv', args: ['--token=t0k', 'x'], env: { HOME_DIR: '/home/me' }, cwd: '/ws' });
    const [http] = parseServers({ h: { type: 'http', url: 'http://localhost/${env:P}', headers: { A: '${input:token}' } } }, 'settings').servers;
    const unexpanded = expandVariables(http!, { workspaceFolder: undefined, env: { P: 'mcp' } }) as McpConfigProblem;
    assert.deepEqual({ ...unexpanded, reason: unexpanded.reason(english) }, { source: 'settings', server: 'h', reason: 'cannot expand ${input:token}.' });
    assert.match((expandVariables(server!, { workspaceFolder: undefined, env: {} }) as McpConfigProblem).reason(english), /cannot expand \$\{workspaceFolder\} \(no folder is open\)/);
  });
});

describe('MCP tool names and auto-approval patterns', () => {
  it('names tools mcp__server__tool with what providers accept, at most 64 characters, never twice', () => {
    assert.equal(mcpToolName('everything', 'get-sum'), 'mcp__everything__get-sum');
    assert.equal(mcpToolName('my server', 'files.read/all'), 'mcp__my_server__files_read_all');
    const long = mcpToolName('s', 'x'.repeat(100));
    assert.equal(long.length, 64);
    const taken = new Set([mcpToolName('a b', 't')]);
    assert.equal(mcpToolName('a.b', 't', taken), 'mcp__a_b__t_2');
  });

  it('matches server/tool and server/* on the servers\' own names', () => {
    assert.equal(mcpToolAutoApproved(['everything/echo'], 'everything', 'echo'), true);
    assert.equal(mcpToolAutoApproved(['everything/echo'], 'everything', 'get-sum'), false);
    assert.equal(mcpToolAutoApproved(['everything/*'], 'everything', 'get-sum'), true);
    assert.equal(mcpToolAutoApproved(['everything/*'], 'other', 'echo'), false);
    assert.equal(mcpToolAutoApproved(['everything', '*'], 'everything', 'echo'), false);
  });
});

describe('mcpServerList: both sources together', () => {
  it('merges, expands, and turns unusable servers into named reasons', () => {
    const list = mcpServerList(
      '{"servers": {"fs": {"command": "node", "args": ["${workspaceFolder}/srv.js"]}, "bad": {"type": "stdio"}}}',
      { fs: { command: 'ignored' }, bad: { command: 'from-settings' }, extra: { type: 'http', url: '${env:URL}' } },
      { workspaceFolder: '/ws', env: { URL: 'http://127.0.0.1:1/mcp' } },
    );
    assert.deepEqual(list.servers.map((s) => [s.name, s.transport === 'stdio' ? s.args.join(' ') : s.url]), [['extra', 'http://127.0.0.1:1/mcp'], ['fs', '/ws/srv.js']]);
    assert.deepEqual(list.invalid.map(({ name, reason }) => ({ name, reason: reason(english) })), [{ name: 'bad', reason: 'command: Invalid input: expected string, received undefined (.vscode/mcp.json)' }]);
    assert.deepEqual(mcpServerList('not json', {}, { workspaceFolder: '/ws', env: {} }).problems.map((problem) => problem(english)), ['.vscode/mcp.json: not valid JSON: InvalidSymbol on line 1.']);
  });
});
