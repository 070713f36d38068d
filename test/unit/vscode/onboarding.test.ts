import { strict as assert } from 'node:assert';
import { Settings, baseUrlProblem, isLocalEndpoint } from '../../../src/core/settings';
import { onboardingFor } from '../../../src/vscode/onboarding';

const settings = (model: Record<string, unknown>) => Settings.parse({ model });

describe('onboarding', () => {
  it('asks for a model name first', () => {
    const state = onboardingFor(settings({}), 'key');
    assert.match(state!.message, /codeagent\.model\.name/);
  });
  it('issue 30: suggests DeepSeek\'s current model names, not the retiring aliases, and names the effort control', () => {
    const { message } = onboardingFor(settings({}), 'key')!;
    assert.match(message, /deepseek-v4-flash/);
    assert.doesNotMatch(message, /deepseek-chat|deepseek-reasoner/);
    assert.match(message, /Reasoning effort list beside the model picker/);
  });
  it('asks for an API key for a hosted endpoint only', () => {
    assert.match(onboardingFor(settings({ name: 'gpt-4.1' }), undefined)!.title, /API key/);
    assert.equal(onboardingFor(settings({ name: 'gpt-4.1' }), 'sk-x'), null);
    assert.equal(onboardingFor(settings({ name: 'qwen', baseUrl: 'http://localhost:11434/v1' }), undefined), null);
  });
  it('asks for a folder before anything else: tools are confined to the workspace', () => {
    const state = onboardingFor(settings({ name: 'gpt-4.1' }), 'sk-x', false);
    assert.match(state!.title, /Open a folder/);
  });

  it('says exactly what is wrong with a malformed endpoint URL', () => {
    const missingScheme = onboardingFor(settings({ name: 'gpt-4.1', baseUrl: 'api.openai.com/v1' }), 'sk-x');
    assert.match(missingScheme!.message, /"api\.openai\.com\/v1" is not a URL: it must start with http:\/\/ or https:\/\/\. Did you mean https:\/\/api\.openai\.com\/v1\?/);
    assert.match(onboardingFor(settings({ name: 'gpt-4.1', baseUrl: 'htp:/x' }), 'sk-x')!.message, /"htp:\/x" uses htp:/);
    assert.match(onboardingFor(settings({ name: 'gpt-4.1', baseUrl: 'http:/x' }), 'sk-x')!.message, /malformed/);
    assert.match(onboardingFor(settings({ name: 'gpt-4.1', baseUrl: ' ' }), 'sk-x')!.message, /empty/);
    assert.equal(baseUrlProblem('https://openrouter.ai/api/v1'), undefined);
    assert.equal(baseUrlProblem('http://[::1]:8000/v1'), undefined);
  });

  it('recognises loopback endpoints', () => {
    assert.ok(isLocalEndpoint('http://127.0.0.1:1234/v1'));
    assert.ok(isLocalEndpoint('http://[::1]:8000/v1'));
    assert.ok(!isLocalEndpoint('https://api.openai.com/v1'));
    assert.ok(!isLocalEndpoint('https://localhost.evil.com/v1'));
  });
  it('settings default to spec §11 values', () => {
    const s = Settings.parse({});
    assert.equal(s.model.contextWindow, 200000);
    assert.equal(s.model.maxRetries, 3);
    assert.equal(s.model.continueMaxRounds, 5);
    assert.equal(s.context.compactThreshold, 0.8);
    assert.equal(s.context.keepRecentRounds, 10);
    assert.equal(s.context.summaryTimeoutSeconds, 120);
    assert.equal(s.agent.maxIterations, 50);
    assert.equal(s.approval.autoApproveReadOnly, true);
    assert.equal(s.approval.autoApproveEdits, false);
    assert.equal(s.agents.sharedContextMaxMessages, 100);
  });

  it('issue 55: with VS Code models and none chosen, one click on a model already in VS Code comes first; a chosen one needs no key', () => {
    const offered = onboardingFor(settings({}), undefined, true, 2)!;
    assert.match(offered.message, /Use a model you already have in VS Code/);
    assert.equal(offered.modelSetup, true);
    assert.equal(onboardingFor(settings({ api: 'vscode', name: 'gpt-5.1', baseUrl: 'https://api.openai.com/v1' }), undefined, true, 2), null);
    assert.match(onboardingFor(settings({ api: 'vscode', name: '' }), undefined, true, 0)!.title, /Connect a model/);
  });
});
