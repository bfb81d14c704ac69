"""Bulk simulation: many seat-rotated games between bots, aggregated as they stream in."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from meeple.engine.options import OptionValue
from meeple.sim.runner import GameSummary, make_jobs, run_jobs
from meeple.sim.stats import EntrantStats, RunningMean


@dataclass(slots=True)
class SimulationReport:
    game: str
    players: int
    entrants: list[EntrantStats]
    games: int = 0
    length: RunningMean = field(default_factory=RunningMean)
    steps: RunningMean = field(default_factory=RunningMean)

    def add(self, summary: GameSummary) -> None:
        self.games += 1
        self.length.add(summary.length)
        self.steps.add(summary.steps)
        share = 1.0 / len(summary.winners) if summary.winners else 0.0
        for seat, entrant in enumerate(summary.seats):
            won = share if seat in summary.winners else 0.0
            self.entrants[entrant].add(won, summary.scores[seat])


def entrant_labels(bot_specs: Sequence[str]) -> list[str]:
    """Unique labels: a spec that appears several times gets #1, #2, ..."""
    labels = []
    for index, spec in enumerate(bot_specs):
        if bot_specs.count(spec) > 1:
            labels.append(f"{spec}#{bot_specs[:index].count(spec) + 1}")
        else:
            labels.append(spec)
    return labels


def simulate(
    game: str,
    players: int,
    options: dict[str, OptionValue],
    bot_specs: Sequence[str],
    games: int,
    seed: int,
    *,
    workers: int = 1,
    records_dir: str | None = None,
    progress: Callable[[GameSummary], None] | None = None,
) -> SimulationReport:
    """Play ``games`` seat-rotated games and aggregate them in constant memory."""
    report = SimulationReport(
        game, players, [EntrantStats(label) for label in entrant_labels(bot_specs)]
    )
    jobs = make_jobs(game, players, options, bot_specs, games, seed, records_dir)
    for summary in run_jobs(jobs, workers):
        report.add(summary)
        if progress is not None:
            progress(summary)
    return report
