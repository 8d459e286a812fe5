# Le parole della mappa (src/report/map.rs, templates/map.svg) e dei grafici
# (src/report/chart.rs).

map-legend-city = città
map-legend-capital = capitale
map-legend-fortress = fortezza
map-legend-village = villaggio
map-legend-port = porto
map-legend-fortified = fortificata (bordo spesso)
map-legend-breached = breccia (bordo tratteggiato)
map-legend-besieged = sotto assedio
map-legend-changed = passata di mano in questa fase
map-legend-army = armata (propria: con nome e valore)
map-legend-fleet = flotta
map-legend-diplomat = diplomatico
map-legend-garrison = guarnigione
map-legend-marker = pezzo straniero avvistato
map-legend-move = movimento; ✕ battaglia
map_crop = Intorno ai vostri pezzi (cliccatela per la mappa intera).
map_full = Aprite la mappa intera
map_file = mappa.png
map_attached = l'immagine allegata a questa mail:
map-inset = Ingrandimento del riquadro tratteggiato qui sopra
map-title-after = dopo { $phase }
