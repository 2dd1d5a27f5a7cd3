/** The server's HTTP API: JSON in, JSON out, errors as Error objects with the server's message. */

/**
 * Call `path` and return the parsed JSON body; a failed status throws with the server's reason
 * (the error carries `status` and the server's `code`). `token` is sent as `X-Paiju-Token` (a room
 * member's secret: never in the URL), `owner` as `X-Paiju-Owner` (the key of this browser's presets).
 * `body` is sent as JSON; `text` is a JSON text sent as it is.
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
    let data = answer;
    try {
      data = JSON.parse(answer);
    } catch {
      // not JSON: the text is the reason
    }
    const err = new Error(errorMessage(data) || `${response.status} ${response.statusText}`);
    err.status = response.status;
    err.code = data?.detail?.code ?? null;
    throw err;
  }
  return answer;
}

/** The readable part of an error body: FastAPI's `detail` (a string or a list of problems) or `message`. */
function errorMessage(data) {
  if (!data) return '';
  if (typeof data === 'string') return data;
  const detail = data.detail ?? data.message;
  if (Array.isArray(detail)) return detail.map((d) => `${(d.loc || []).slice(1).join('.')}: ${d.msg}`).join('; ');
  if (detail && typeof detail === 'object') return detail.message || JSON.stringify(detail);
  return detail ? String(detail) : '';
}

/** The variants the server offers, fetched once per page. */
let variantsPromise = null;
export function variants() {
  variantsPromise ??= api('/api/variants');
  return variantsPromise;
}
