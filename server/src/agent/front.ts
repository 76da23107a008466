/**
 * What the front ends (the MCP server, the language server) take from the agent core: the
 * tools and the call, the must-gathers they read, and the fence every answer's data goes in.
 */
export { agentTools } from './tools';
export { callTool } from './tool';
export { Gathers } from './gathers';
export { Session } from './session';
export type { RootSource } from './session';
export type { Gather, Opened } from './open';
export { boundaryOf } from './boundary';
export { placed } from './analysed';
export type { Analysed } from './analysed';
export { dataNotice } from './quote';
export { listObjects, readObject } from './readObject';
export type { BoundedStatus } from './tools/status';
