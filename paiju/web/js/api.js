/** The server's HTTP API: JSON in, JSON out, errors as Error objects worded in the reader's language. */
import { refusalText } from './refusals.js';

/**
 * Call `path` and return the parsed JSON body; a failed status throws with the server's reason
 * worded by `refusalText` (the error carries `status`, the server's `code` and `reason`). `token`
 * is sent as `X-Paiju-Token` (a room member's secret: never in the URL), `owner` as
 * `X-Paiju-Owner` (the key of this browser's presets). `body` is sent as JSON; `text` is a JSON
 * text sent as it is.
 */
export async function api(path, options = {}) {
  const text = await apiText(path, options);
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/**
 * Like `api`, but the body as the server wrote it. Hand logs are passed on this way: their 128-bit
 * `seed` does not survive a JavaScript number, so a log is never parsed and written out again.
 */
export async function apiText(path, { method = 'GET', body, text, token, owner } = {}) {
  const init = { method, headers: {} };
  if (body !== undefined || text !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = text ?? JSON.stringify(body);
  }
  if (token) init.headers['X-Paiju-Token'] = token;
  if (owner) init.headers['X-Paiju-Owner'] = owner;
  const response = await fetch(path, init);
  const answer = await response.text();
  if (!response.ok) {
    let data = null;
    try {
      data = JSON.parse(answer);
    } catch {
      // not JSON (a proxy's page): only the status is worth saying
    }
    const detail = data?.detail && typeof data.detail === 'object' && !Array.isArray(data.detail)
      ? data.detail : { code: 'bad_message', reason: 'http_status', params: { status: response.status } };
    const err = new Error(refusalText(detail));
    err.status = response.status;
    err.code = detail.code ?? null;
    err.reason = detail.reason ?? detail.code ?? null;
    throw err;
  }
  return answer;
}

/** The variants the server offers, fetched once per page. */
let variantsPromise = null;
export function variants() {
  variantsPromise ??= api('/api/variants');
  return variantsPromise;
}
