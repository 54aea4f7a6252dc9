// Game records (docs/formats.md, "Game records") are written and read by the server
// (POST /api/record/write and /api/record/read). The page adds two tags of its own: one per
// player naming who played it (human, or the engine and its strength), and `Options`, the rule
// options that differ from the variant's defaults (`key=value,key=value`), which a record does
// not otherwise carry; reading a record, the page passes that tag's options back to the server.

/// A player's tag name as the record writes it: the name's letters and digits (`Player1`).
export function tagName(name) {
  const t = String(name).replace(/[^0-9A-Za-z]/g, '');
  return t || 'Player';
}

/// The `Options` tag's value for a set of options (empty when none).
export function optionsTag(options) {
  return Object.entries(options || {}).map(([k, v]) => `${k}=${v}`).join(',');
}

/// The options named by the first `Options` tag of a record text ({} when none).
export function optionsOfRecord(text) {
  const m = String(text).match(/^\s*\[Options\s+"((?:[^"\\]|\\.)*)"\]\s*$/m);
  const out = {};
  if (!m) return out;
  for (const kv of m[1].replace(/\\(["\\])/g, '$1').split(',')) {
    const eq = kv.indexOf('=');
    if (eq > 0) out[kv.slice(0, eq).trim()] = kv.slice(eq + 1).trim();
  }
  return out;
}
