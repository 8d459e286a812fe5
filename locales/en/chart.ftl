# Charts (src/report/chart.rs): the yearly report's, the chronicle's and the simulation's.
chart-year = Year (at its start; the last point is the year's end)
chart-ducats = ducats
chart-nodes = places held
chart-percent = percent of the campaigns
chart-treasury = Treasury
chart-forces = Armies and garrisons
chart-holdings = Places held
chart-club-ducats = Treasury and armies, year by year
chart-club-holdings = Places held, year by year
chart-chronicle-holdings = Places held by each nation, year by year
chart-simulation = Wins and objectives met over { $runs } simulated campaigns
chart-wins = won the campaign
chart-objectives = met its objective
chart-heading = Year by year
chart-nation = nation
chart-site-holdings = Places held by each nation, phase by phase
chart-phase = Phase (the year at its spring)
