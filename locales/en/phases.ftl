# Names of phases and years (src/rules/calendar.rs, rendered by src/report/explain.rs).
# $month is the round's month from the campaign's rules.toml.
phase-spring = spring { $year }
phase-winter = winter { $year }
phase-round = round { $round } ({ $month }) of { $year }
year-title = the year { $year }
