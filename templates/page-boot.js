// The order page's bootstrap (see src/report/page.rs): the page's
// script, the map and the data travel gzip-compressed (base64) in
// #pg-packed, a quarter of their size; this inflates them with the
// browser's own DecompressionStream, puts the map and the data where the
// page's script reads them, then runs that script (its hash is in the
// policy). No line is longer than 73 characters, as in the rest of the
// page.
"use strict";
(async function () {
  const packed = document.getElementById("pg-packed");
  // The sentence for an old browser, its lines joined again.
  const old = packed.dataset.old.replace(/\s+/g, " ").trim();
  const say = (text) => {
    document.getElementById("pg-message").textContent = text;
  };
  if (typeof DecompressionStream !== "function") {
    say(old);
    return;
  }
  try {
    const raw = atob(packed.textContent.replace(/\s+/g, ""));
    const bytes = Uint8Array.from(raw, (c) => c.charCodeAt(0));
    const stream = new Blob([bytes])
      .stream()
      .pipeThrough(new DecompressionStream("gzip"));
    const text = await new Response(stream).text();
    const [script, map, data] = text.split("\u0000");
    document.getElementById("pg-map").innerHTML = map;
    const json = document.createElement("script");
    json.type = "application/json";
    json.id = "pg-data";
    json.textContent = data;
    packed.replaceWith(json);
    const run = document.createElement("script");
    run.textContent = script;
    document.body.append(run);
  } catch (e) {
    say(old + " (" + e + ")");
  }
})();
