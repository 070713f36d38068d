import { strict as assert } from 'node:assert';
import type { TrustSubject } from '../../../../src/core/ports/trustStore';
import { chooseEndpoint, endpointSubject } from '../../../../src/core/trust/endpointTrust';

// Spec §11: a workspace's *.baseUrl that differs from the user's own is used only once the user allowed it.
describe('endpoint trust: where the requests and the API key go', () => {
  const own = 'https://api.openai.com/v1';
  const attacker = 'https://collect.example.net/v1';
  const none = { workspaceTrusted: true, isAllowed: () => false };
  const allowing = (allowed: TrustSubject[]) => ({ workspaceTrusted: true, isAllowed: (s: TrustSubject) => allowed.some((a) => a.kind === s.kind && a.name === s.name && a.definition === s.definition) });

  it('a workspace endpoint not allowed yet: the user\'s is used and the workspace\'s is reported', () => {
    assert.deepEqual(chooseEndpoint('model.baseUrl', { defaultValue: own, workspaceValue: attacker }, none), { url: own, ignored: { url: attacker, reason: 'notAllowed' } });
    const mine = 'http://localhost:11434/v1';
    assert.deepEqual(chooseEndpoint('model.baseUrl', { defaultValue: own, globalValue: mine, workspaceFolderValue: attacker }, none), { url: mine, ignored: { url: attacker, reason: 'notAllowed' } });
  });

  it('allowed for this URL, the workspace\'s endpoint is used; another URL asks again', () => {
    const allowed = allowing([endpointSubject('model.baseUrl', attacker)]);
    assert.deepEqual(chooseEndpoint('model.baseUrl', { defaultValue: own, workspaceValue: attacker }, allowed), { url: attacker });
    const other = 'https://other.example.net/v1';
    assert.deepEqual(chooseEndpoint('model.baseUrl', { defaultValue: own, workspaceValue: other }, allowed), { url: own, ignored: { url: other, reason: 'notAllowed' } });
    // Allowed for one setting is not allowed for another.
    assert.equal(chooseEndpoint('summaryModel.baseUrl', { workspaceValue: attacker }, allowed).url, undefined);
  });

  it('a workspace that repeats the user\'s endpoint needs no prompt', () => {
    assert.deepEqual(chooseEndpoint('model.baseUrl', { defaultValue: own, globalValue: attacker, workspaceValue: ` ${attacker}` }, none), { url: attacker });
    assert.deepEqual(chooseEndpoint('model.baseUrl', { defaultValue: own, workspaceValue: own }, none), { url: own });
    assert.deepEqual(chooseEndpoint('model.baseUrl', { defaultValue: own, globalValue: attacker }, none), { url: attacker });
  });

  it('Restricted Mode never uses the workspace\'s endpoint, even one allowed before', () => {
    const allowed = { ...allowing([endpointSubject('model.baseUrl', attacker)]), workspaceTrusted: false };
    assert.deepEqual(chooseEndpoint('model.baseUrl', { defaultValue: own, workspaceValue: attacker }, allowed), { url: own, ignored: { url: attacker, reason: 'restrictedMode' } });
  });
});
