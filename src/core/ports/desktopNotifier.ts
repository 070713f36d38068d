/** A notification of the operating system's (spec §20), for a user whose VS Code window is not in front. */
export interface DesktopNotifier {
  notify(title: string, body: string): void;
}
