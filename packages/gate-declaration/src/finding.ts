import type { RuleId } from './rules.js';

/** A place in a JSON input: a file and a JSON Pointer (mapped to a position by the gate). */
export interface JsonPlace {
  file: string;
  pointer: string;
  /** Point at the member's key rather than its value. */
  key?: boolean;
}

/** A rule finding from a pure builder, positioned by pointer; the gate turns it into a Diagnostic. */
export interface Finding extends JsonPlace {
  id: RuleId;
  data: Record<string, unknown>;
  related?: Array<JsonPlace & { message: string }>;
  /** What the finding is about and what it explains (`Diagnostic.subjects` / `explains`). */
  subjects?: string[];
  explains?: string[];
  /** A member (`"name": value`) `check --fix` adds to the object, after the member at `pointer`. */
  addMember?: string;
}
