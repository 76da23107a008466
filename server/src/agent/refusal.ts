/**
 * A question the server will not or cannot answer: a path out of the must-gather, no root, an
 * unknown object. Its message goes back to the agent as the tool's error, as is.
 */
export class Refusal extends Error {
  override readonly name = 'Refusal';
}
