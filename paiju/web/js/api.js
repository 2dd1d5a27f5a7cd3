/** The server's HTTP API: JSON in, JSON out, errors as Error objects with the server's message. */

/** Call `path` and return the parsed JSON body; a failed status throws with the server's reason. */
export async function api(path, { method = 'GET', body } = {}) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) throw new Error(errorMessage(data) || `${response.status} ${response.statusText}`);
  return data;
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
