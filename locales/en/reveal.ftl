# The reveal, once the final verdict is in (src/report/reveal.rs, templates/reveal.html).
reveal-title = The reveal
reveal-intro = The campaign is over: here is what no club saw. Each club's secret objective and how it fared, the referee's map of every phase with every piece, the orders each club gave, and every die with what it was rolled for.
reveal-film = The season as a film
reveal-phases = Phase by phase
reveal-map = The referee's map
reveal-orders = The orders given
reveal-no-orders = No club sent orders in this phase.
reveal-letters = The letters between clubs
reveal-unsigned = sent unsigned
reveal-dice = The dice
reveal-no-dice = No die was rolled in this phase.
reveal-die = Die
reveal-purpose = Rolled for
reveal-subject = The reveal
reveal-mail = The campaign { $campaign } is over and its verdict is in: nothing is secret any more.

    { $verdict }
    Attached: the season as a film ({ $film }: the referee's map of every phase, one frame each, in any web browser) and every phase's orders and dice ({ $record }).
reveal-mail-no-film = The film of the season would be too large for a mail: it is on the referee's public site, if the campaign keeps one.
