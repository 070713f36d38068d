/**
 * Tags that are no parameter of the tool, written in a call before its first parameter: `<Task><task_id>3</task_id><goal>…`.
 * Nothing there is content, so nothing is held back; only the names of whole tags followed by a parameter or the
 * tool's close are kept, to tell the model they were ignored.
 */
export class StrayCallTags {
  private openName: string | undefined;
  private closedNames: string[] = [];

  tag(name: string, closing: boolean): void {
    if (!closing) this.openName ??= name;
    else if (name === this.openName) {
      this.closedNames.push(name);
      this.openName = undefined;
    } else if (this.openName === undefined) this.closedNames = [];
  }

  text(text: string): void {
    if (this.openName === undefined && /\S/.test(text)) this.closedNames = [];
  }

  /** A parameter or the tool's close came: the closed tags right before it were ignored parameters. */
  take(): string[] {
    const names = this.closedNames;
    this.closedNames = [];
    this.openName = undefined;
    return names;
  }
}
