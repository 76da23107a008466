/** What `status`'s tool answers, as an MCP output schema (the data the agent core gives). */
import { z } from 'zod';
import { rootStatusSchema } from './statusSchema';

export const statusOutput = { roots: z.array(rootStatusSchema) };
