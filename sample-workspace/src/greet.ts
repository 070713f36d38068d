/** Greets someone by name. */
export function greet(name: string): string {
  return `Hello, ${name}!`;
}

/** Greets several people, one line each. */
export function greetAll(names: readonly string[]): string {
  return names.map(greet).join('\n');
}
