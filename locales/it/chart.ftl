# Grafici (src/report/chart.rs): del rapporto annuale, della cronaca e della simulazione.
chart-year = Anno (al suo inizio; l'ultimo punto è la fine dell'anno)
chart-ducats = ducati
chart-nodes = luoghi posseduti
chart-percent = percentuale delle campagne
chart-treasury = Tesoro
chart-forces = Armate e guarnigioni
chart-holdings = Luoghi posseduti
chart-club-ducats = Tesoro e armate, anno per anno
chart-club-holdings = Luoghi posseduti, anno per anno
chart-chronicle-holdings = Luoghi posseduti da ogni nazione, anno per anno
chart-simulation = Vittorie e obiettivi raggiunti in { $runs } campagne simulate
chart-wins = ha vinto la campagna
chart-objectives = ha raggiunto l'obiettivo
chart-heading = Anno per anno
chart-nation = nazione
chart-site-holdings = Luoghi posseduti da ogni nazione, fase per fase
chart-phase = Fase (l'anno alla sua primavera)
