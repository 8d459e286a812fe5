# The words of the map (src/report/map.rs, templates/map.svg) and of the charts
# (src/report/chart.rs).

map-legend-city = city
map-legend-capital = capital
map-legend-fortress = fortress
map-legend-village = village
map-legend-port = port
map-legend-fortified = fortified (thick border)
map-legend-breached = breached (dashed border)
map-legend-besieged = under siege
map-legend-changed = changed hands this phase
map-legend-army = army (own: with its id and value)
map-legend-fleet = fleet
map-legend-diplomat = diplomat
map-legend-garrison = garrison
map-legend-marker = foreign piece seen
map-legend-move = move; ✕ battle
map_crop = Around your pieces (click it for the whole map).
map_full = Open the whole map
map_file = map.png
map_attached = the picture attached to this mail:
map-inset = Enlargement of the dashed box above
map-title-after = after { $phase }
