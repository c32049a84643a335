import type { ErrorItem, ErrorItemCode } from "../problem/problem.ts";
import { MAX_REPORTED_ERRORS, ValidationError } from "../problem/validation-error.ts";

/** Collects validation errors during an operation's pass over its input, then throws them together. */
export class ErrorCollector {
  readonly items: ErrorItem[] = [];
  total = 0;

  get empty(): boolean {
    return this.total === 0;
  }

  at(pointer: string, code: ErrorItemCode, message: string): void {
    this.total++;
    if (this.items.length < MAX_REPORTED_ERRORS) this.items.push({ pointer, code, message });
  }

  param(parameter: string, code: ErrorItemCode, message: string): void {
    this.total++;
    if (this.items.length < MAX_REPORTED_ERRORS) this.items.push({ parameter, code, message });
  }

  toError(): ValidationError {
    return new ValidationError(this.items, undefined, this.total);
  }

  throwIfAny(): void {
    if (this.total > 0) throw this.toError();
  }
}
