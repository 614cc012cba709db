#!/usr/bin/env python3
"""Mutation testing: do a module's own tests fail when its code is wrong?

One small change (a *mutant*) at a time is spliced into the module's source, the module's own
tests run (``pytest -x -q``, hypothesis derandomized), and the verdict is recorded: **killed** (a
test failed), **timeout** (the tests did not finish: also detected, but a hang is a defect of the
tests, which should fail instead), **survived** (nothing noticed: a gap), **equivalent** (survived,
and judged to change no behaviour: listed in :data:`EQUIVALENT` with the reason, and left out of
the score) or **flaky** (with ``recheck``: killed once, passed when run again). Score = (killed +
timeout) / (tried - equivalent).

Everything runs in a scratch copy of the working tree (tracked and untracked files, ignored ones
left out), so the checkout is never touched and may be edited meanwhile. It is CPU-heavy (one
pytest run per mutant): run one module at a time, never in CI.

    python3 tools/mutate.py runners                  # the sample of a module named in MODULES
    python3 tools/mutate.py runners --list           # which mutants the sample holds
    python3 tools/mutate.py runners --ids 35 86      # only these (ids as --list shows them)
    python3 tools/mutate.py some/module.py --tests tests/test_a.py --sample 40
    python3 tools/mutate.py --summary                # the table of the runs in --out

Operators (mutmut-like): comparison flips (``<`` ``<=``, ``==`` ``!=``, ``in`` / ``not in``,
``is`` / ``is not``), ``and`` <-> ``or``, ``+`` <-> ``-``, integer constants +-1, ``True`` <->
``False``, negated ``if``/``while``/ternary/``assert``/comprehension conditions, a returned value
replaced by ``None``, a statement replaced by ``pass``. Docstrings, imports, annotations,
f-string internals and ``__all__`` are not mutated; a splice that does not compile is dropped.
The sample is a fixed-seed random choice, so two runs over the same source try the same mutants.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED = 20240601


@dataclass(frozen=True)
class Module:
    path: str
    tests: tuple[str, ...]
    sample: int = 60
    timeout: int = 60  # seconds per mutant: several times the clean run on a loaded machine
    recheck: bool = False  # timing-sensitive tests: a failure must repeat to count


MAFIA = ("tests/test_mafia_rules.py", "tests/test_mafia_host.py", "tests/test_mafia_ai.py",
         "tests/test_mafia_properties.py")

#: The modules audited by mutation testing (issue 32), with the tests that are theirs.
MODULES: dict[str, Module] = {
    # the exact, fast tests first: with -x a wrong annealing step fails there at once, instead of
    # slowing the many-event runs (whose searches then run to their time limit) past the timeout
    "pairing": Module("tournaments/pairing.py", ("tests/test_tournament_multiplayer.py",
                                                 "tests/test_tournament_forbidden.py",
                                                 "tests/test_tournament_pairing.py",
                                                 "tests/test_tournament_events.py")),
    "runners": Module("games/masume_yakyu/runners.py", ("tests/test_masume_yakyu_runners.py",
                                                        "tests/test_masume_yakyu_rules.py",
                                                        "tests/test_masume_yakyu_properties.py")),
    "investigation": Module("games/mafia_de_cuba/investigation.py", MAFIA, timeout=90),
    "winners": Module("games/mafia_de_cuba/winners.py", MAFIA, sample=30, timeout=90),
    "undo": Module("bot/host/undo.py", ("tests/test_undo.py",), timeout=90),
    "leases": Module("bot/host/leases.py", ("tests/test_multiprocess.py", "tests/test_multibot_e2e.py"),
                     sample=60, timeout=120, recheck=True),
}

#: Surviving mutants judged to change no behaviour, by (module, enclosing definition, the mutated line
#: as written, the column of the mutated text, its replacement): why. Keyed by text, not by id or
#: line number, so an entry follows its line when the module changes and lapses when the line does.
EQUIVALENT: dict[tuple[str, str, str, int, str], str] = {}


def _equivalent(module: str, scope: str, source: str, cols: tuple[int, ...], new: str, why: str) -> None:
    for col in cols:
        EQUIVALENT[(module, scope, source, col, new)] = why


_PLY = "Mafia's ply is only written to the stored JSON; nothing reads it (the host numbers moves itself)."
_equivalent("games/mafia_de_cuba/investigation.py", "accuse",
            "after = state.with_(accused=seat, passed=frozenset(), ply=state.ply + 1)", (74,), "(0)", _PLY)
_equivalent("games/mafia_de_cuba/investigation.py", "bang",
            "base = state.with_(phase=ACCUSE, accused=None, passed=frozenset(), asked=frozenset(), ply=state.ply + 1)",
            (106,), "(0)", _PLY)
_TIE = "plays.json gives ties to the runner: the branch for the defence never runs."
for _new in ("(runner <= defence)", "(runner >= defence)"):
    _equivalent("games/masume_yakyu/runners.py", "Play.challenge",
                'safe = runner >= defence if CHALLENGE["tie"] == "runner" else runner > defence', (70,), _new, _TIE)
_P = "tournaments/pairing.py"
_equivalent(_P, "_preference", "if c.colour < 0 or (c.colour == 0 and c.last[-1] < 0):", (7,),
            "(not (c.colour < 0 or (c.colour == 0 and c.last[-1] < 0)))",
            "every player's due seat turned round: the direction is only ever compared between two players "
            "(a clash is two players due the same seat), and who sits first is decided apart (_seat).")
_equivalent(_P, "pair_swiss", "for i in range(1, n + 1):", (19,), "(0)",
            "an extra first step compares player 0 with itself: no group ends there.")
_equivalent(_P, "_Context._weights", "tiers = len(edges[0][2]) if edges else 0", (26,), "(-1)",
            "every edge has the same six parts: the last edge's count is the first's.")
_equivalent(_P, "_Context._weights",
            "bounds = [max((e[2][t] for e in edges), default=0) * count + 1 for t in range(tiers)]", (69,), "(2)",
            "a larger bound per part keeps the order of parts strict: the same pairings are best.")
_equivalent(_P, "_Context._weights", "base = scales[0] * bounds[0] + 1 if tiers else 1", (34,), "(-1)",
            "bounds[0] is 1 in every block but the last (no second byes there), so the base only grows; in the "
            "last block every matching compared pairs everyone, so the base per pair cancels out.")
_equivalent(_P, "_Context.solve",
            "edges.append((a, _FLOAT, (0, 0, 0, (self.units[a] - next_top) ** 2, 0, 0)))", (45, 48, 51, 84, 87),
            "(1)", "the same extra penalty on every float edge, and every matching of an odd block holds exactly "
            "one: the same pairings are best.")
_equivalent(_P, "_Context.solve",
            "matched = self._match(self._weights(edges, len(chunk) + 1), False) if edges else []", (51,),
            "(len(chunk) - 1)", "the scale still exceeds the most pairs a block's matching can hold (it had one spare).")
_equivalent(_P, "table_sizes", "for byes in range(count + 1):", (22,), "(count - 1)",
            "the last two bye counts leave fewer players than the smallest table, where the loop stops anyway.")
_equivalent(_P, "Seated", "score: Fraction = Fraction(0)", (31,), "(1)", "a default every caller overrides.")
_equivalent(_P, "round_robin_round", "pairs: list[tuple[str | None, str | None]] = []", (4,), "pass",
            "the loop below runs at least once (round 0) and sets it first: this line only declares its type.")
_equivalent(_P, "round_robin_round", "run[second] = run.get(second, 0) - 1 if run.get(second, 0) < 0 else -1",
            (47,), "(0)", "a run of seconds counted as one, not k: the schedules are identical for every field of 2 "
            "to 129 players, single and double (checked by running both): the balance, next in the key, always "
            "decides those pairs the same way.")
_equivalent(_P, "search_grouping", "if time.perf_counter() > deadline:", (8,), "pass",
            "the next run's first step reads the clock too and stops at once: the runs left copy the best "
            "grouping and change nothing.")
_equivalent(_P, "pair_swiss", "return SwissPairing([], candidates[0].id if candidates else None)", (8,), "pass",
            "a shortcut: without it the general path gives the one player the bye (a second one if need be: "
            "the whole field is one block) and an empty field nothing, the same answers.")
_equivalent(_P, "pair_swiss", "group_pos, group_size = [0] * n, [0] * n", (38,), "(-1)",
            "every entry is written by the loop below before it is read.")
_equivalent(_P, "_Context.solve_final", "edges.append((a, _BYE, (0, 0, 0, last - a, 0, 0, 0)))", (63,), "(-1)",
            "the same bonus on every bye edge, and every matching of an odd block holds exactly one (the "
            "players form a complete graph): the same pairings are best.")
_equivalent(_P, "_Context.solve_final",
            "matched = self._match(self._weights(edges, len(players) + 1), True) if edges else []", (66,), "(2)",
            "a larger count only raises each part's bound: the order of the parts stays strict.")
_equivalent(_P, "_Objective.__init__", "order_max = (n - 1) ** 2 if n else 0", (25,), "(2)",
            "(n - 2)^2 times the pairs still exceeds the standing differences of any grouping of n >= 4 "
            "(n^2(n^2-1)/12 at most), and with 3 or fewer players there is one grouping.")
_equivalent(_P, "round_robin_round", "run[first] = run.get(first, 0) + 1 if run.get(first, 0) > 0 else 1",
            (40,), "(-1)", "this default is read only when the run is positive, so the key is present.")


# -- mutants ---------------------------------------------------------------------------------------

CMP_SWAP = {
    ast.Lt: [ast.LtE, ast.GtE], ast.LtE: [ast.Lt, ast.Gt], ast.Gt: [ast.GtE, ast.LtE],
    ast.GtE: [ast.Gt, ast.Lt], ast.Eq: [ast.NotEq], ast.NotEq: [ast.Eq],
    ast.In: [ast.NotIn], ast.NotIn: [ast.In], ast.Is: [ast.IsNot], ast.IsNot: [ast.Is],
}
SYM = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
       ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not"}


def _skipped(tree: ast.AST) -> set[int]:
    """ids of the nodes never mutated: docstrings, imports, annotations, f-strings, ``__all__``."""
    skip: set[int] = set()

    def mark(node):
        skip.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom, ast.JoinedStr)):
            mark(node)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                mark(body[0])
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            for a in [*args.args, *args.kwonlyargs, *args.posonlyargs, args.vararg, args.kwarg]:
                if a is not None and a.annotation:
                    mark(a.annotation)
            if node.returns:
                mark(node.returns)
        if isinstance(node, ast.AnnAssign):
            mark(node.annotation)
            if node.value is None:  # a bare field annotation: nothing to mutate
                mark(node)
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            mark(node)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            mark(node)  # comment-like string statements
    return skip


def mutants(src: str) -> list[dict]:
    """Every mutation as a text splice (byte offsets and the replacement), numbered in source order."""
    tree = ast.parse(src)
    skip = _skipped(tree)
    lines = src.splitlines(keepends=True)
    starts, total = [], 0
    for line in lines:
        starts.append(total)
        total += len(line.encode("utf-8"))
    raw = src.encode("utf-8")

    def span(n):
        return starts[n.lineno - 1] + n.col_offset, starts[n.end_lineno - 1] + n.end_col_offset

    def text(n):
        a, b = span(n)
        return raw[a:b].decode("utf-8")

    scopes = sorted(((n.lineno, n.end_lineno, n.name) for n in ast.walk(tree)
                     if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))), key=lambda x: x[0])

    def scope(line: int) -> str:
        """The qualified name of the definitions around ``line`` (``Class.method``)."""
        return ".".join(name for first, last, name in scopes if first <= line <= last)

    found: list[dict] = []

    def add(node, op, new, desc):
        a, b = span(node)
        found.append({"line": node.lineno, "col": node.col_offset, "op": op, "start": a, "end": b, "new": new,
                      "old": text(node), "desc": desc, "source": lines[node.lineno - 1].strip(),
                      "scope": scope(node.lineno)})

    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            for i, cop in enumerate(node.ops):
                for repl in CMP_SWAP.get(type(cop), []):
                    m = ast.Compare(left=node.left, ops=list(node.ops), comparators=node.comparators)
                    m.ops[i] = repl()
                    add(node, "cmp", f"({ast.unparse(m)})", f"{SYM[type(cop)]} -> {SYM[repl]}")
        elif isinstance(node, ast.BoolOp):
            m = ast.BoolOp(op=ast.Or() if isinstance(node.op, ast.And) else ast.And(), values=node.values)
            add(node, "boolop", f"({ast.unparse(m)})", "and -> or" if isinstance(node.op, ast.And) else "or -> and")
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            # a flipped + of strings or sequences would only crash
            if not (isinstance(node.op, ast.Add) and any(
                    isinstance(v, (ast.JoinedStr, ast.Tuple, ast.List))
                    or (isinstance(v, ast.Constant) and isinstance(v.value, str)) for v in (node.left, node.right))):
                m = ast.BinOp(left=node.left, op=ast.Sub() if isinstance(node.op, ast.Add) else ast.Add(),
                              right=node.right)
                add(node, "arith", f"({ast.unparse(m)})", "+ -> -" if isinstance(node.op, ast.Add) else "- -> +")
        elif isinstance(node, ast.Constant):
            if isinstance(node.value, bool):
                add(node, "const", str(not node.value), f"{node.value} -> {not node.value}")
            elif isinstance(node.value, int):
                add(node, "const", f"({node.value + 1})", f"{node.value} -> {node.value + 1}")
                add(node, "const", f"({node.value - 1})", f"{node.value} -> {node.value - 1}")
        conditions = []
        if isinstance(node, (ast.If, ast.While, ast.IfExp, ast.Assert)) and id(node.test) not in skip:
            conditions.append((node.test, "condition negated"))
        if isinstance(node, ast.comprehension):
            conditions += [(cond, "comprehension filter negated") for cond in node.ifs]
        for cond, desc in conditions:
            add(cond, "negate", f"(not ({text(cond)}))", desc)
        if isinstance(node, ast.Return) and node.value is not None and not (
                isinstance(node.value, ast.Constant) and node.value.value is None):
            add(node.value, "return_none", "None", "returned value -> None")
        if isinstance(node, ast.stmt) and not isinstance(
                node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Pass, ast.Import, ast.ImportFrom)):
            if lines[node.lineno - 1][:node.col_offset].strip() == "":  # a statement on its own line
                add(node, "delete", "pass", "statement -> pass")
    seen, good = set(), []
    for m in found:
        key = (m["start"], m["end"], m["new"])
        if key in seen or m["new"] == m["old"]:
            continue
        seen.add(key)
        try:
            compile(splice(src, m), "<mutant>", "exec")
        except SyntaxError:
            continue
        good.append(m)
    good.sort(key=lambda m: (m["start"], m["end"], m["new"]))
    for i, m in enumerate(good):
        m["id"] = i
    return good


def splice(src: str, m: dict) -> str:
    raw = src.encode("utf-8")
    return (raw[:m["start"]] + m["new"].encode("utf-8") + raw[m["end"]:]).decode("utf-8")


def sample(all_mutants: list[dict], size: int, seed: int = SEED) -> list[dict]:
    chosen = random.Random(seed).sample(all_mutants, min(size, len(all_mutants)))
    return sorted(chosen, key=lambda m: m["id"])


def equivalence(module: str, m: dict) -> str | None:
    return EQUIVALENT.get((module, m["scope"], m["source"], m["col"], m["new"]))


# -- running ---------------------------------------------------------------------------------------

def scratch_copy(root: Path) -> Path:
    """A copy of the working tree (tracked and untracked files, not ignored ones) in a temporary folder."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=root,
                            check=True, capture_output=True).stdout.decode().split("\0")
    target = Path(tempfile.mkdtemp(prefix="mutate-"))
    for name in filter(None, listed):
        source = root / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def run_tests(where: Path, tests: list[str], timeout: int) -> tuple[int | None, float, str]:
    """(pytest's exit status, None on timeout; seconds; the first failure line)."""
    env = dict(os.environ, CI="1", PYTHONDONTWRITEBYTECODE="1")
    command = ["nice", "-n", "10", sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--no-header", "-W", "ignore",
               *tests]
    started = time.monotonic()
    proc = subprocess.Popen(command, cwd=where, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        status: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # pytest and whatever it started (bots, workers)
        out, _ = proc.communicate()
        status = None
    lines = [line for line in out.splitlines() if line.strip()]
    first = next((line for line in lines if line.startswith(("FAILED", "ERROR"))), lines[-1] if lines else "")
    return status, time.monotonic() - started, first[:300]


def verdict(status: int | None) -> str:
    return "timeout" if status is None else "survived" if status == 0 else "killed"


def run_module(name: str, module: Module, ids: list[int] | None, out_dir: Path) -> Path:
    src = (ROOT / module.path).read_text(encoding="utf-8")
    every = mutants(src)
    chosen = [m for m in every if m["id"] in set(ids)] if ids else sample(every, module.sample)
    where = scratch_copy(ROOT)
    target = where / module.path
    results = out_dir / f"{name}.jsonl"
    out_dir.mkdir(parents=True, exist_ok=True)
    print(f"{module.path}: {len(every)} mutants, running {len(chosen)} in {where}", flush=True)
    try:
        status, seconds, first = run_tests(where, list(module.tests), module.timeout * 3)
        print(f"baseline: {verdict(status)} in {seconds:.1f}s {first}", flush=True)
        if status != 0:
            sys.exit(f"the tests fail on the unmutated module; fix them first: {first}")
        with results.open("w", encoding="utf-8") as fh:
            fh.write(json.dumps({"module": module.path, "mutants": len(every), "tried": len(chosen),
                                 "seed": SEED, "tests": module.tests}) + "\n")
            for k, m in enumerate(chosen, 1):
                target.write_text(splice(src, m), encoding="utf-8")
                status, seconds, first = run_tests(where, list(module.tests), module.timeout)
                record = {key: m[key] for key in ("id", "line", "col", "scope", "op", "desc", "old", "new", "source")}
                record.update(verdict=verdict(status), seconds=round(seconds, 1), first_failure=first)
                if record["verdict"] == "killed" and module.recheck:
                    again, _, _ = run_tests(where, list(module.tests), module.timeout)
                    if again == 0:
                        record["verdict"] = "flaky"
                reason = equivalence(module.path, m)
                if reason and record["verdict"] == "survived":
                    record.update(verdict="equivalent", why=reason)
                elif reason:
                    record["note"] = f"listed as equivalent but {record['verdict']}: check the entry"
                fh.write(json.dumps(record) + "\n")
                fh.flush()
                print(f"[{k}/{len(chosen)}] #{m['id']} L{m['line']} {m['desc']}: {record['verdict']} "
                      f"({seconds:.1f}s) {m['old'][:50]!r} -> {m['new'][:50]!r}", flush=True)
    finally:
        shutil.rmtree(where, ignore_errors=True)
    return results


def summary(out_dir: Path) -> str:
    rows = ["| module | tried | killed | timed out | survived | equivalent | flaky | score |",
            "|---|---|---|---|---|---|---|---|"]
    details = []
    for results in sorted(out_dir.glob("*.jsonl")):
        lines = [json.loads(x) for x in results.read_text().splitlines() if x.strip()]
        if not lines:
            continue
        head, records = lines[0], lines[1:]
        count = {v: sum(r["verdict"] == v for r in records)
                 for v in ("killed", "timeout", "survived", "equivalent", "flaky")}
        judged = len(records) - count["equivalent"]
        score = (count["killed"] + count["timeout"]) / judged if judged else 1.0
        rows.append(f"| {head['module']} | {len(records)} | {count['killed']} | {count['timeout']} | "
                    f"{count['survived']} | {count['equivalent']} | {count['flaky']} | {score:.0%} |")
        for r in records:
            if r["verdict"] in ("survived", "timeout", "flaky", "equivalent"):
                details.append(f"- {head['module']}:{r['line']} #{r['id']} {r['verdict']}: {r['old'][:60]!r} -> "
                               f"{r['new'][:60]!r}" + (f" ({r['why']})" if r.get("why") else ""))
    return "\n".join(rows + [""] + details)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help=f"names ({', '.join(MODULES)}) or paths of modules")
    parser.add_argument("--tests", nargs="+", help="the tests of a module given by path")
    parser.add_argument("--sample", type=int, help="how many mutants to try (default: the module's)")
    parser.add_argument("--timeout", type=int, help="seconds per mutant (default: the module's)")
    parser.add_argument("--ids", type=int, nargs="+", help="run these mutants only")
    parser.add_argument("--list", action="store_true", help="list the sample without running it")
    parser.add_argument("--out", type=Path, default=ROOT / "mutation-results", help="where results go")
    parser.add_argument("--summary", action="store_true", help="print the table of the results in --out")
    args = parser.parse_args()
    for name in args.modules:
        module = MODULES.get(name)
        if module is None:
            if not args.tests:
                parser.error(f"{name}: not one of {', '.join(MODULES)}; give its --tests")
            module, name = Module(name, tuple(args.tests)), Path(name).stem
        if args.sample or args.timeout:
            module = Module(module.path, module.tests, args.sample or module.sample, args.timeout or module.timeout,
                            module.recheck)
        if args.list:
            every = mutants((ROOT / module.path).read_text(encoding="utf-8"))
            for m in sample(every, module.sample):
                mark = " (equivalent)" if equivalence(module.path, m) else ""
                print(f"#{m['id']} L{m['line']} {m['op']}: {m['old'][:60]!r} -> {m['new'][:60]!r}{mark}")
            continue
        run_module(name, module, args.ids, args.out)
    if args.summary or (args.modules and not args.list):
        print(summary(args.out))


if __name__ == "__main__":
    main()
