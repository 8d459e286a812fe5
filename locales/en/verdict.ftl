# The final verdict, sent to every club after the last winter.
verdict-subject = Il Giglio: the final verdict
verdict-intro = The campaign ended with the winter of { $year }. Here is the verdict (G8): every secret objective is now revealed.
verdict-winner = { $count ->
    [one] { $winners } wins.
   *[other] { $winners } win, tied.
}
verdict-no-winner = No club met its objective: the campaign has no winner.
verdict-tiebreak = Several clubs met their objective ({ $met }): among them the richest treasury decides (G8.2).
verdict-tiebreak-tied = Several clubs met their objective ({ $met }) and the richest have the same treasury: they win together (G8.2).
verdict-standings = The standings:
verdict-line = { $nation }: { $objective }; { $met ->
    [yes] met
   *[no] not met
}; treasury { $treasury } ducats.
verdict-no-objective = no objective chosen
verdict-target = { $objective } ({ $target })
verdict-referee = The verdict was sent to: { $clubs }.
