/** Fills `{{name}}` placeholders; an unknown placeholder is a bug in the caller, so it throws. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Prompt template needs a value for {{${name}}}`);
    return value;
  });
}
