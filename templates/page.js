// The order page's script (see src/report/page.rs). It knows no rule of the game: every
// order it offers, every place it refuses, every bound on a value and every cost come
// from the data giglio computed, each with its rule (id and text in the club's
// language). It only keeps the orders chosen, compares values with their bounds, sums
// costs and what orders draw from one army, flags two pieces sent to one node, draws,
// and writes the order file. The secret typed in is never stored: it lives in the input
// field only.
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("pg-data").textContent);
  const W = D.words;
  const $ = (id) => document.getElementById(id);
  const NS = "http://www.w3.org/2000/svg";
  const fill = (text, args) => text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
  // A rule as a refusal cites it: its id and, from the rulebook, its title and first
  // sentence in the club's language.
  const ruleText = (id) => (D.rules[id] ? id + " — " + D.rules[id] : id);
  let chosen = []; // { offer, value, piece, picks, seq }
  let letters = []; // { to: [code], text, anonymous }
  let selected = null;

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svg(tag, attrs) {
    const e = document.createElementNS(NS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }
  // The message, and which of the catalogue's words it is where it is an instruction.
  function say(text, ok, said) {
    const m = $("pg-message");
    m.textContent = text;
    m.className = ok ? "ok" : "";
    if (said) m.dataset.said = said;
    else delete m.dataset.said;
  }
  const costOf = (c) => c.offer.cost + c.offer.per * ((c.value ?? 0) - (c.offer.value ?? 0));
  // What fills a chosen order's lines (w = 0) or words (w = 1): its value, the option
  // picked for each choice inside it, the move order clicked.
  function argsOf(c, w) {
    const a = { v: c.value ?? "" };
    for (const p of c.offer.picks || []) {
      const op = p.options[c.picks[p.name]];
      a[p.name] = op ? op[w] : "";
    }
    if (c.seq) a.seq = w ? c.seq.join(" → ") : c.seq.map((s) => JSON.stringify(s)).join(", ");
    return a;
  }
  const wordsOf = (c) => fill(c.offer.label, argsOf(c, 1));

  // ---- the map: targets for every place, the club's pieces, the drawn orders ----
  const map = document.querySelector("#pg-map svg");
  const overlay = svg("g", { id: "pg-overlay" });
  const drawn = svg("g", { id: "pg-drawn" });
  const targets = svg("g", { id: "pg-targets" });
  const mine = svg("g", { id: "pg-mine" });
  overlay.append(drawn, targets, mine);
  map.append(overlay);
  function addTarget(code, x, y, r) {
    const t = svg("circle", { cx: x, cy: y, r: r, class: "target", "data-node": code });
    const title = svg("title", {});
    title.textContent = code + " " + D.places[code][2];
    t.append(title);
    t.addEventListener("click", () => clickPlace(code));
    targets.append(t);
  }
  for (const code in D.places) addTarget(code, D.places[code][0], D.places[code][1], 9);
  // The enlarged inset, where the map has one, marks its places with the main map's
  // ids: each gets a target of its own there too, where the north's places stand apart.
  const inset = {}; // code → x, y on the inset
  for (const mark of map.querySelectorAll('#inset-nodes [id^="mark-"]')) {
    const code = mark.id.slice("mark-".length);
    if (!(code in D.places)) continue;
    const b = mark.getBBox();
    inset[code] = [b.x + b.width / 2, b.y + b.height / 2];
    addTarget(code, inset[code][0], inset[code][1], 11);
  }
  const atCount = {};
  for (const p of D.pieces) {
    const pl = D.places[p.at];
    if (!pl) continue;
    const k = (atCount[p.at] = (atCount[p.at] || 0) + 1) - 1;
    const c = svg("circle", { cx: pl[0] - 14 + 10 * k, cy: pl[1] - 24, r: 6, class: "mine", "data-piece": p.id });
    c.addEventListener("click", () => select(p.id));
    mine.append(c);
  }

  function select(id) {
    selected = D.pieces.find((p) => p.id === id) || null;
    document.querySelectorAll("[data-piece]").forEach((e) => e.classList.toggle("on", e.dataset.piece === id));
    const ok = new Set();
    if (selected) for (const o of selected.offers) if (o.path.length > 1 && o.slot.startsWith("act:")) ok.add(o.path[o.path.length - 1]);
    targets.querySelectorAll(".target").forEach((t) => t.classList.toggle("ok", ok.has(t.dataset.node)));
    showActions();
    // The instruction says what is there to click: green places, a list, or nothing.
    const what = !selected ? "" : ok.size ? "page-choose" : selected.offers.length ? "page-choose-list" : "page-choose-none";
    say(what && W[what], true, what);
  }

  // A click on a place: the selected piece's order that goes there, or the rule that
  // refuses it.
  function clickPlace(code) {
    if (!selected) return;
    const offer = selected.offers.find((o) => o.path.length > 1 && o.path[o.path.length - 1] === code && o.slot.startsWith("act:"));
    if (offer) return add(offer, selected.id);
    const rule = selected.refused[code];
    say(rule ? fill(W["page-refused"], { rule: ruleText(rule) }) : W["page-not-offered"]);
  }

  function offerRow(o, piece) {
    const row = el("div", { class: "offer" });
    let input = null;
    if (o.value !== undefined) {
      input = el("input", { type: "number", "data-value-for": o.key, value: o.value });
      row.append(input);
    }
    // The choices inside the order (a spy's branches), offered as the rules computed.
    const picks = {};
    for (const p of o.picks || []) {
      const s = el("select", { "data-pick": p.name, "data-pick-for": o.key });
      p.options.forEach((op, i) => s.append(el("option", { value: i }, op[1])));
      row.append(el("span", { class: "small" }, p.label), s);
      picks[p.name] = s;
    }
    // A Strategos bid's move order: the clubs clicked in turn.
    let seq = null;
    if (o.seq) {
      seq = [D.club];
      const shown = el("span", { "data-seq-for": o.key }, seq.join(" → "));
      const box = el("div", { class: "seq" });
      box.append(el("span", { class: "small" }, W["page-move-order"] + " "));
      for (const [code, name] of o.seq) {
        const n = el("button", { "data-seq": code, title: name }, code);
        n.addEventListener("click", () => {
          if (!seq.includes(code)) seq.push(code);
          shown.textContent = seq.join(" → ");
        });
        box.append(n);
      }
      const clear = el("button", { "data-seq-clear": o.key }, W["page-move-order-clear"]);
      clear.addEventListener("click", () => {
        seq = [];
        shown.textContent = "";
      });
      box.append(clear, " ", shown);
      row.append(box);
    }
    const b = el("button", { "data-offer": o.key, "data-target": o.path.length ? o.path[o.path.length - 1] : "" }, fill(o.label, { v: input ? "…" : "" }).replace(/\{\w+\}/g, "…"));
    b.addEventListener("click", () => {
      const chosenPicks = {};
      for (const k in picks) chosenPicks[k] = Number(picks[k].value);
      add(o, piece, input ? Number(input.value) : undefined, chosenPicks, seq && seq.slice());
    });
    row.prepend(b);
    return row;
  }

  // Offers of one kind together; a long list folds (its title from the catalogue).
  function offerList(box, offers, piece) {
    const groups = [];
    for (const o of offers) {
      let g = groups.find((x) => x.name === o.group);
      if (!g) groups.push((g = { name: o.group, offers: [] }));
      g.offers.push(o);
    }
    for (const g of groups) {
      const holder = el(g.offers.length > 4 ? "details" : "div", { "data-group": g.name });
      holder.append(el(g.offers.length > 4 ? "summary" : "strong", {}, (W["page-g-" + g.name] || g.name) + " "));
      for (const o of g.offers) holder.append(offerRow(o, piece));
      box.append(holder);
    }
  }

  // The places a piece may go, as buttons under the map: a thumb's target on a phone,
  // where the map's marks are a few pixels wide.
  const PLACES = ["move", "fleet-move"];
  function placeList(box, offers, piece) {
    for (const g of PLACES) {
      const list = offers.filter((o) => o.group === g && o.path.length > 1);
      if (!list.length) continue;
      const holder = el("div", { class: "places", "data-places": g });
      holder.append(el("strong", {}, (W["page-g-" + g] || g) + " "));
      for (const o of list) {
        const code = o.path[o.path.length - 1];
        const name = D.places[code] ? D.places[code][2] : "";
        const b = el("button", { class: "place", "data-offer": o.key, "data-place": code, title: o.label }, name + " " + code);
        b.addEventListener("click", () => add(o, piece));
        holder.append(b);
      }
      box.append(holder);
    }
  }

  function showActions() {
    const box = $("pg-actions");
    box.textContent = "";
    if (!selected) return;
    box.append(el("p", { class: "small" }, selected.label + " — " + selected.idle));
    placeList(box, selected.offers, selected.id);
    offerList(box, selected.offers.filter((o) => !(PLACES.includes(o.group) && o.path.length > 1)), selected.id);
  }

  // ---- choosing an order: refused with the rule, or it replaces its slot's ----
  function add(offer, piece, value, picks, seq) {
    const c = { offer: offer, value: value, piece: piece, picks: picks || {}, seq: seq || null };
    if (offer.value !== undefined) {
      if (!Number.isInteger(value)) return say(W["page-not-offered"]);
      if (offer.min && value < offer.min[0]) return say(fill(W["page-too-small"], { rule: ruleText(offer.min[1]), min: offer.min[0] }));
      if (offer.max && value > offer.max[0]) return say(fill(W["page-too-large"], { rule: ruleText(offer.max[1]), max: offer.max[0] }));
    }
    const rest = chosen.filter((x) => x.offer.slot !== offer.slot);
    // An order that takes another piece's slot too (an embarking takes its army's move)
    // and an order in that slot are not chosen together: the rules refuse one of them.
    const taken = (a, b) => a.offer.takes && (a.offer.takes === b.offer.slot || a.offer.takes === b.offer.takes);
    const clash = rest.find((x) => taken(c, x) || taken(x, c));
    if (clash) return say(fill(W["page-taken"], { piece: (c.offer.takes || clash.offer.takes).split(":")[1], rule: ruleText("G3e.3") }));
    // What the orders take from one army together: at most its value; an army they
    // take all of is disbanded, and no other order may name it.
    const all = rest.concat([c]);
    for (const army in D.armies) {
      const draws = (x) => x.offer.draw && x.offer.draw.army === army;
      const drawing = all.filter(draws);
      if (!drawing.length) continue;
      const have = D.armies[army];
      const rule = ruleText(drawing[0].offer.draw.rule);
      const needed = drawing.reduce((s, x) => s + x.value + x.offer.draw.fixed, 0);
      if (needed > have) return say(fill(W["page-army-short"], { rule: rule, army: army, have: have, needed: needed }));
      const named = all.some((x) => !draws(x) && (x.offer.names || []).includes(army));
      if (needed === have && named) return say(fill(W["page-army-gone"], { rule: rule, army: army, have: have }));
    }
    if (D.pays) {
      const spent = rest.reduce((s, x) => s + costOf(x), 0) + costOf(c);
      if (spent > D.treasury) return say(fill(W["page-too-dear"], { rule: ruleText(D.treasury_rule), left: D.treasury - spent + costOf(c) }));
    }
    chosen = rest.concat([c]);
    say(wordsOf(c), true);
    update();
  }

  function remove(i) {
    chosen.splice(i, 1);
    update();
  }

  // ---- letters (G5.3): to the clubs the campaign lets it write to ----
  function addLetter() {
    const to = D.letters.map((l) => l[0]).filter((code) => $("pg-letter-to-" + code).checked);
    const text = $("pg-letter-text").value.trim();
    if (!to.length || !text) return say(W["page-letter-incomplete"]);
    if (D.letter_chars && [...text].length > D.letter_chars) return say(fill(W["page-letter-too-long"], { max: D.letter_chars, rule: ruleText("G5.3") }));
    if (D.letters_per_phase && letters.length >= D.letters_per_phase) return say(fill(W["page-letter-too-many"], { max: D.letters_per_phase, rule: ruleText("G5.3") }));
    const anonymous = D.anonymous && $("pg-letter-anonymous").checked;
    letters.push({ to: to, text: text, anonymous: anonymous });
    $("pg-letter-text").value = "";
    say(fill(W["page-letter-chosen"], { to: to.join(", ") }), true);
    update();
  }

  // ---- the list in words, the drawing, the file ----
  function update() {
    const list = $("pg-orders");
    list.textContent = "";
    let left = D.treasury;
    if (!chosen.length && !letters.length) list.append(el("li", {}, W["page-none"]));
    chosen.forEach((c, i) => {
      const li = el("li", { "data-chosen": c.offer.key }, wordsOf(c) + " ");
      if (D.pays) {
        left -= costOf(c);
        li.append(el("span", { class: "left" }, fill(W["page-left"], { left: left })), " ");
      }
      const b = el("button", { "data-remove": c.offer.key }, W["page-remove"]);
      b.addEventListener("click", () => remove(i));
      li.append(b);
      list.append(li);
    });
    letters.forEach((l, i) => {
      const li = el("li", { "data-letter": i }, fill(W["page-letter-chosen"], { to: l.to.join(", ") }) + " ");
      const b = el("button", { "data-remove-letter": i }, W["page-remove"]);
      b.addEventListener("click", () => {
        letters.splice(i, 1);
        update();
      });
      li.append(b);
      list.append(li);
    });
    // Two pieces sent to one node: flagged, the resolution decides.
    const ends = {};
    const notes = [];
    for (const c of chosen) if (c.offer.slot.startsWith("act:") && c.offer.path.length > 1) {
      const end = c.offer.path[c.offer.path.length - 1];
      if (ends[end]) notes.push(fill(W["page-meet"], { node: end }));
      ends[end] = true;
    }
    $("pg-receipt").textContent = notes.concat([W["page-receipt"]]).join(" ");
    draw();
    writeFile();
  }

  // Each order drawn on the map, and again on the inset where all its places stand.
  function draw() {
    drawn.textContent = "";
    for (const c of chosen) {
      const main = c.offer.path.map((code) => D.places[code]).filter(Boolean);
      const enlarged = c.offer.path.map((code) => inset[code]);
      for (const pts of enlarged.length && enlarged.every(Boolean) ? [main, enlarged] : [main]) {
        if (pts.length > 1) {
          drawn.append(svg("polyline", { class: "drawn", points: pts.map((p) => p[0] + "," + p[1]).join(" "), "marker-end": "url(#arrow)" }));
        } else if (pts.length === 1) {
          drawn.append(svg("circle", { class: "drawn", cx: pts[0][0], cy: pts[0][1], r: 13 }));
        }
      }
    }
  }

  function writeFile() {
    const secret = $("pg-secret").value;
    const q = (s) => JSON.stringify(s);
    let top = "club = " + q(D.club) + "\nphase = " + q(D.phase) + "\nsecret = " + q(secret) + "\n";
    let tables = "";
    const lists = {};
    // The orders on an army's ducats first: the rules take them where the army stands
    // when they reach them in the file, and the page offered them where it stands now.
    const early = chosen.filter((c) => c.offer.early);
    for (const c of early.concat(chosen.filter((c) => !c.offer.early))) {
      const o = c.offer;
      if (o.list) (lists[o.list[0]] = lists[o.list[0]] || []).push(o.list[1]);
      else if (o.top) top += fill(o.toml, argsOf(c, 0)) + "\n";
      else tables += "\n" + fill(o.toml, argsOf(c, 0)) + "\n";
    }
    for (const k in lists) top += k + " = [" + lists[k].join(", ") + "]\n";
    for (const l of letters) {
      tables += "\n[[letter]]\nto = [" + l.to.map(q).join(", ") + "]\ntext = " + q(l.text) + "\n";
      if (l.anonymous) tables += "anonymous = true\n";
    }
    const text = top + tables;
    // Its text, not its value: the shown file is the element's own text (it is read-only).
    $("pg-toml").textContent = text;
    const save = $("pg-save");
    if (save.href.startsWith("blob:")) URL.revokeObjectURL(save.href);
    save.href = URL.createObjectURL(new Blob([text], { type: "application/toml" }));
    save.download = D.file;
    // The mail link is a URL: what the club typed (its secret) stays out of it. The file
    // in the mail's body carries an empty secret, to be written in before sending.
    const blank = top.replace("secret = " + q(secret), "secret = " + q("")) + tables;
    $("pg-mail").href = "mailto:" + D.to + "?subject=" + encodeURIComponent(D.subject) + "&body=" + encodeURIComponent(blank);
  }

  // ---- the fixed parts ----
  $("pg-intro").textContent = [W.deadline, W[D.spring ? "page-intro-spring" : "page-intro"]].filter(Boolean).join(" ");
  $("pg-h-pieces").textContent = W["page-pieces"];
  $("pg-h-general").textContent = W["page-general"];
  $("pg-h-orders").textContent = W["page-orders"];
  $("pg-h-file").textContent = W["page-file"] + " " + D.file;
  $("pg-l-secret").textContent = W["page-secret"];
  $("pg-secret-note").textContent = W["page-secret-note"];
  $("pg-copy").textContent = W["page-copy"];
  $("pg-save").textContent = W["page-save"] + " " + D.file;
  $("pg-mail").textContent = W["page-mail"];
  $("pg-open").textContent = W["page-open"];
  if (D.pays) $("pg-treasury").textContent = fill(W[D.spring ? "page-treasury" : "page-treasury-bribes"], { treasury: D.treasury });
  for (const p of D.pieces) {
    const b = el("button", { class: "piece", "data-piece": p.id }, p.label);
    b.addEventListener("click", () => select(p.id));
    $("pg-pieces").append(b);
  }
  if (!D.general.length) $("pg-general-box").hidden = true;
  if (D.letters.length) {
    $("pg-letters-box").hidden = false;
    $("pg-h-letters").textContent = W["page-letters"];
    $("pg-l-letter-to").textContent = W["page-letter-to"];
    $("pg-l-letter-text").textContent = W["page-letter-text"];
    $("pg-l-letter-anonymous").textContent = W["page-letter-anonymous"];
    $("pg-letter-anonymous-box").hidden = !D.anonymous;
    $("pg-letter-add").textContent = W["page-letter-add"];
    $("pg-letter-add").addEventListener("click", addLetter);
    for (const [code, name] of D.letters) {
      const box = el("input", { type: "checkbox", id: "pg-letter-to-" + code, "data-letter-to": code });
      const label = el("label", { class: "offer" });
      label.append(box, " " + code + " " + name);
      $("pg-letter-to").append(label);
    }
  }
  offerList($("pg-general"), D.general, "");
  $("pg-secret").addEventListener("input", writeFile);
  $("pg-copy").addEventListener("click", () => {
    const t = $("pg-toml");
    t.select();
    const done = () => say(W["page-copied"], true);
    if (navigator.clipboard) navigator.clipboard.writeText(t.value).then(done, () => document.execCommand("copy") && done());
    else if (document.execCommand("copy")) done();
  });
  update();
})();
