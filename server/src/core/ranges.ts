/** Text positions as LSP counts them (0-based lines, UTF-16 characters), for every front end. */

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}
