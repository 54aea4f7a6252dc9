// The JSON API of `spacechess serve` (docs/web.md). Every call returns the parsed reply or
// throws an ApiError carrying the server's one-line message and the HTTP status.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, `the server does not answer (${e.message}): is 'spacechess serve' running?`);
  }
  let reply = null;
  try {
    reply = await response.json();
  } catch (_) {
    reply = null;
  }
  if (!response.ok) {
    const message = reply && reply.error ? reply.error : `${method} ${path}: HTTP ${response.status}`;
    throw new ApiError(response.status, message);
  }
  return reply;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/// The common request: variant, options, position (null: the start), moves.
export function request(game, extra = {}) {
  const body = { variant: game.variant, options: game.options || {}, moves: game.moves || [] };
  if (game.position) body.position = game.position;
  return Object.assign(body, extra);
}

export const api = {
  variants: () => call('GET', '/api/variants'),
  board: (variant, options) => call('POST', '/api/board', { variant, options }),
  position: (game) => call('POST', '/api/position', request(game)),
  attacks: (game, cell) => call('POST', '/api/attacks', request(game, { cell })),
  validate: (variant, options, position) => call('POST', '/api/validate', { variant, options, position }),
  perft: (game, depth) => call('POST', '/api/perft', request(game, { depth })),
  recordWrite: (game, tags) => call('POST', '/api/record/write', request(game, { tags })),
  recordRead: (record, options) => call('POST', '/api/record/read', { record, options }),
  /// The engine's reply; a 503 (both search slots busy) is retried a few times.
  async engine(game, limits) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call('POST', '/api/engine', request(game, limits));
      } catch (e) {
        if (e.status !== 503 || attempt >= 20) throw e;
        await sleep(300);
      }
    }
  },
};
