/** The usual names of the variables that carry CodeAgent's own key (spec §11) or a model provider's. */
export const agentKeyVariables: readonly string[] = ['CODEAGENT_API_KEY', 'OPENAI_API_KEY', 'OPENAI_KEY', 'ANTHROPIC_API_KEY', 'AZURE_OPENAI_API_KEY'];

/** Those names exactly, any case. */
export const agentKeyVariable = new RegExp(`^(${agentKeyVariables.join('|')})$`, 'i');

/** Those names, and any name CodeAgent's own settings could give a variable (`CODEAGENT_…`). */
export const agentKeyNames = new RegExp(`^(CODEAGENT_|${agentKeyVariables.filter((name) => !name.startsWith('CODEAGENT_')).map((name) => `${name}$`).join('|')})`, 'i');
