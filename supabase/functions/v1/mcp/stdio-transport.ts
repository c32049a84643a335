/**
 * MCP over stdio: newline-delimited JSON-RPC on stdin and stdout (the SDK's framing), with the tool-call checks of
 * the HTTP endpoint. Each line goes through `parseMcpBody`, so exponents, over-long numbers and duplicate keys in
 * tool arguments are the same 422s as over HTTP and REST; the SDK's own stdio transport would JSON.parse them
 * silently. Only protocol messages are ever written to stdout.
 *
 * When stdin ends (the client is done), requests already received are still answered before the transport
 * closes: the SDK aborts in-flight handlers on close, which would drop their responses.
 */
import type { ValidationError } from "@pfa/core/problem/validation-error.ts";
import { type CallId, type JsonValidator, McpParseError, parseMcpBody } from "./body.ts";
import { type JSONRPCMessage, JSONRPCMessageSchema, type Transport } from "./sdk.ts";

export interface LineInput {
  on(event: "data", listener: (chunk: Uint8Array | string) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  off(event: "data", listener: (chunk: Uint8Array | string) => void): unknown;
  off(event: "end", listener: () => void): unknown;
  pause(): unknown;
}

export interface LineOutput {
  write(text: string): unknown;
}

/** Largest accepted line; longer input is dropped with a parse error (the HTTP body limit plays this role). */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

export class ExactStdioServerTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  readonly #rejected = new Map<CallId, ValidationError>();
  readonly #decoder = new TextDecoder();
  #buffer = "";
  #closed = false;
  #inputEnded = false;
  /** Ids of received requests not answered yet. */
  readonly #pending = new Set<CallId>();

  constructor(
    private readonly validate: JsonValidator,
    private readonly input: LineInput,
    private readonly output: LineOutput,
    private readonly maxLine = MAX_LINE_BYTES,
  ) {}

  /** The exact-JSON rejection of a tool call, taken once (see body.ts). */
  takeRejection(id: CallId): ValidationError | undefined {
    const rejection = this.#rejected.get(id);
    this.#rejected.delete(id);
    return rejection;
  }

  start(): Promise<void> {
    this.input.on("data", this.#onData);
    this.input.on("end", this.#onEnd);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (!this.#closed) this.output.write(JSON.stringify(message) + "\n");
    const { id } = message as { id?: CallId; method?: unknown };
    if (id !== undefined && !("method" in message) && this.#pending.delete(id)) this.#closeWhenDone();
    return Promise.resolve();
  }

  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    this.input.off("data", this.#onData);
    this.input.off("end", this.#onEnd);
    this.input.pause();
    this.#buffer = "";
    this.onclose?.();
    return Promise.resolve();
  }

  readonly #onEnd = (): void => {
    this.#inputEnded = true;
    this.#closeWhenDone();
  };

  #closeWhenDone(): void {
    if (this.#inputEnded && this.#pending.size === 0) queueMicrotask(() => void this.close());
  }

  readonly #onData = (chunk: Uint8Array | string): void => {
    this.#buffer += typeof chunk === "string" ? chunk : this.#decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = this.#buffer.indexOf("\n")) !== -1) {
      const line = this.#buffer.slice(0, newline).replace(/\r$/, "");
      this.#buffer = this.#buffer.slice(newline + 1);
      if (line.trim() !== "") this.#receive(line);
    }
    if (this.#buffer.length > this.maxLine) {
      this.#buffer = "";
      this.#parseError(`Parse error: a message is longer than ${this.maxLine} bytes.`);
    }
  };

  #receive(line: string): void {
    let parsed;
    try {
      parsed = parseMcpBody(line, this.validate);
    } catch (error) {
      if (error instanceof McpParseError) return this.#parseError(error.message);
      this.onerror?.(error as Error);
      return;
    }
    const result = JSONRPCMessageSchema.safeParse(parsed.body);
    if (!result.success) return this.#parseError("Invalid request: not a JSON-RPC 2.0 message.", -32600);
    for (const [id, rejection] of parsed.rejected) this.#rejected.set(id, rejection);
    const { id, method } = result.data as { id?: CallId; method?: unknown };
    if (id !== undefined && typeof method === "string") this.#pending.add(id);
    this.onmessage?.(result.data);
  }

  #parseError(message: string, code = -32700): void {
    void this.send({ jsonrpc: "2.0", id: null, error: { code, message } } as unknown as JSONRPCMessage);
  }
}
