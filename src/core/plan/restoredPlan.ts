import type { PlanSnapshot } from './planSnapshot';
import { TaskManager } from './taskManager';
import { errorMessage } from '../errorMessage';

/** The stored plan; a child that a reload killed leaves its task failed (and its dependents skipped), never running. */
export function restoredPlan(snapshot: PlanSnapshot | undefined, interrupted: boolean, onProblem: ((message: string) => void) | undefined): TaskManager {
  if (!snapshot) return new TaskManager();
  try {
    const plan = TaskManager.fromSnapshot(snapshot);
    if (interrupted) plan.interruptRunning('The window was reloaded while its sub-agent ran; it did not finish.');
    return plan;
  } catch (error) {
    onProblem?.(`The stored plan could not be restored: ${errorMessage(error)}`);
    return new TaskManager();
  }
}
