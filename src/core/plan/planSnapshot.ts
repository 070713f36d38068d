import { z } from 'zod';
import { taskStatuses, type PlanTaskState } from './planTask';

/** A plan as plain data, in plan order: persisted with the conversation and sent to the panel. */
export interface PlanSnapshot {
  tasks: PlanTaskState[];
}

// Loose objects, like the conversation's schema: a file written by a later version keeps loading.
const planTaskStateSchema: z.ZodType<PlanTaskState> = z.looseObject({
  id: z.string().min(1),
  description: z.string(),
  dependencies: z.array(z.string()),
  status: z.enum(taskStatuses),
  result: z.string().optional(),
  error: z.string().optional(),
});

export const planSnapshotSchema: z.ZodType<PlanSnapshot> = z.looseObject({
  tasks: z.array(planTaskStateSchema),
});
