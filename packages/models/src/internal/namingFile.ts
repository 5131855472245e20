// A model file's errors carry the file: with two `--model` files, "layers[1].bias: expected
// 2 values" alone does not say which one is broken.
import { XaiError, isXaiError } from '@xai/core';

/** The message without the `[CODE] fn: arg: ` prefix the XaiError constructor adds. */
function bareMessage(error: XaiError): string {
  const d = error.details;
  const prefix = `[${error.code}] ${d.fn ? `${d.fn}: ` : ''}${d.arg ? `${d.arg}: ` : ''}`;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

/**
 * The same error (code and details kept) with the file in front of its message and in
 * `details.file`; the field it named moves to `details.field`, and `fn`/`arg` name the
 * public reader (`loadModel`, `path`). An error whose message already names the file (an OS
 * error) only gains `details.file`. Anything that is not an XaiError is returned unchanged.
 */
export function namingFile(error: unknown, file: string, fn: string, arg: string): unknown {
  if (!isXaiError(error) || error.details.file === file) return error;
  const d = error.details;
  if (error.message.includes(file)) return new XaiError(error.code, bareMessage(error), { ...d, file });
  const field = typeof d.arg === 'string' && d.arg !== '' ? d.arg : undefined;
  return new XaiError(error.code, `${file}: ${field ? `${field}: ` : ''}${bareMessage(error)}`, {
    ...d,
    fn,
    arg,
    file,
    ...(field ? { field } : {}),
  });
}
