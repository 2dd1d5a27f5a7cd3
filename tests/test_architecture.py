"""Layering and typing rules from ARCHITECTURE.md, enforced rather than hoped for."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from paiju.engine import FAMILY_MODULES, Family
from paiju.policy import POLICY_MODULES, TablePolicy

PACKAGE = Path(__file__).resolve().parent.parent / "paiju"

#: Core layers, in order; each may import only itself and the layers before it. The two families share a layer
#: (``FAMILY_BASE`` says what each may import). The kernel (paiju.engine) reaches a family only through its
#: registry's lazy lookup by module name.
LAYERS = [
    ("paiju.errors",), ("paiju.cards",), ("paiju.variants",), ("paiju.patterns",), ("paiju.engine",),
    ("paiju.climbing", "paiju.trick"), ("paiju.bots",),
]  # fmt: skip
#: Modules that do I/O or talk to users; no core layer may import them.
FORBIDDEN_IN_CORE = {
    "asyncio", "socket", "rich", "paiju.cli", "paiju.commands", "paiju.terminal", "paiju.terminal_views", "paiju.server",
    "paiju.simulate", "paiju.policy",
}  # fmt: skip
#: The apps, the bots they play with and their table policy: the kernel names none of them, not even to import one by
#: name.
APPS = (
    "paiju.server", "paiju.terminal", "paiju.terminal_views", "paiju.simulate", "paiju.bots", "paiju.cli", "paiju.commands",
    "paiju.policy",
)  # fmt: skip
#: The apps (and the bots' protocol) that serve every family: they reach a family only through paiju.engine.
FAMILY_NEUTRAL = (
    "server", "simulate.py", "bots/base.py", "bots/random_bot.py", "terminal.py", "cli.py", "commands/games.py",
    "policy/__init__.py",
)  # fmt: skip
#: The most lines a module of paiju may have, and the most for each family's hand driver.
MODULE_LINES, DRIVER_LINES = 400, 250
#: The families' packages (each holds all of its family: the climbing settlement in words included).
FAMILIES = ("paiju.climbing", "paiju.trick")
#: What each family builds on besides itself: the kernel's layers, and climbing's own pattern engine (the trick
#: family follows suit and ranks by its trump order, not by climbing patterns).
KERNEL = ("paiju.errors", "paiju.cards", "paiju.variants", "paiju.engine")
FAMILY_BASE = {"paiju.climbing": (*KERNEL, "paiju.patterns"), "paiju.trick": KERNEL}


def _inside(module: str, packages: tuple[str, ...]) -> bool:
    """Whether ``module`` is one of ``packages`` or inside one."""
    return any(module == p or module.startswith(p + ".") for p in packages)


def _layer(module: str) -> int | None:
    for i, names in enumerate(LAYERS):
        if _inside(module, names):
            return i
    return None


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def _module_name(path: Path, package: Path = PACKAGE) -> str:
    rel = path.relative_to(package.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def test_core_layers_import_only_the_layers_above_them() -> None:
    """errors → cards → variants → patterns → engine → climbing and trick → bots: no layer imports a later one, the CLI or I/O."""
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        own = _layer(module)
        if own is None:
            continue
        for imported in _imports(path):
            top = imported.split(".")[0]
            if imported in FORBIDDEN_IN_CORE or top in FORBIDDEN_IN_CORE or any(
                imported.startswith(f + ".") for f in FORBIDDEN_IN_CORE
            ):
                problems.append(f"{module} imports {imported}")
            other = _layer(imported)
            if other is not None and other > own:
                problems.append(f"{module} imports the later layer {imported}")
    assert problems == []


def _paiju_imports(path: Path, name: str, modules: set[str]) -> set[str]:
    """The ``modules`` the file of module ``name`` imports anywhere (top level, in functions, under
    TYPE_CHECKING); ``from package import name`` counts as importing the submodule when it is one."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            submodules = {f"{base}.{alias.name}" for alias in node.names} & modules
            found |= submodules
            if len(submodules) < len(node.names):
                found.add(base)
    return found & modules


def import_cycles(package: Path) -> list[list[str]]:
    """Every group of modules under ``package`` that import each other in a circle (Tarjan's strongly
    connected components of more than one module, or a module importing itself)."""
    files = {_module_name(path, package): path for path in sorted(package.rglob("*.py"))}
    graph = {module: sorted(_paiju_imports(path, module, set(files))) for module, path in files.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == module:
                    break
            if len(group) > 1 or module in graph[module]:
                cycles.append(sorted(group))

    for module in graph:
        if module not in index:
            visit(module)
    return cycles


def test_a_family_imports_only_its_own_modules_and_the_layers_it_builds_on() -> None:
    """Each family builds on the kernel's layers only (climbing also on its pattern engine): nothing it imports lives
    outside them, nor in the other family (climbing's settlement in words once sat at the top of the package,
    imported back by the family that it reads; the trick family once took its refusals from the pattern engine)."""
    modules = {_module_name(p) for p in PACKAGE.rglob("*.py")}
    problems = []
    for family, base in FAMILY_BASE.items():
        for path in _files(family.removeprefix("paiju.").replace(".", "/")):
            module = _module_name(path)
            for imported in _paiju_imports(path, module, modules):
                if imported != "paiju" and not _inside(imported, (family, *base)):
                    problems.append(f"{module} imports {imported}")
    assert problems == []
    assert set(FAMILY_BASE) == set(FAMILIES) == {module.rpartition(".")[0] for module in FAMILY_MODULES.values()}


def test_no_module_takes_part_in_an_import_cycle() -> None:
    """No two paiju modules import each other, directly or round a circle, even inside a function or
    only for type checking."""
    assert import_cycles(PACKAGE) == []


def test_the_cycle_finder_finds_a_cycle_through_a_function_level_import(tmp_path: Path) -> None:
    """A module importing another inside a function still closes a circle (as generate.py and wild.py once did)."""
    package = tmp_path / "paiju"
    (package / "patterns").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "patterns" / "__init__.py").write_text("")
    (package / "patterns" / "generate.py").write_text("def f():\n    from paiju.patterns.wild import g\n")
    (package / "patterns" / "wild.py").write_text("from paiju.patterns import generate\n")
    (package / "patterns" / "move.py").write_text("from . import wild\n")
    assert import_cycles(package) == [["paiju.patterns.generate", "paiju.patterns.wild"]]


def _files(*relative: str) -> list[Path]:
    """The Python files at ``relative`` paths under the package (a folder: every file in it)."""
    found: list[Path] = []
    for rel in relative:
        path = PACKAGE / rel
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


def _imports_from(path: Path, prefixes: tuple[str, ...]) -> set[str]:
    """The paiju modules ``path`` imports (anywhere in it) that are one of ``prefixes`` or inside one."""
    modules = {_module_name(p) for p in PACKAGE.rglob("*.py")}
    found = _paiju_imports(path, _module_name(path), modules)
    return {m for m in found if any(m == p or m.startswith(p + ".") for p in prefixes)}


def test_the_family_neutral_apps_import_no_family() -> None:
    """The server, simulate, the bots' protocol and random bot, and the terminal's loop import nothing of either
    family: they open, show and count hands through the kernel's registry."""
    problems = {str(path.relative_to(PACKAGE)): _imports_from(path, FAMILIES) for path in _files(*FAMILY_NEUTRAL)}
    assert {where: found for where, found in problems.items() if found} == {}


def test_the_kernel_imports_no_family_module() -> None:
    """paiju/engine names each family's module as a string and imports none (nor any app)."""
    families = tuple(module.rpartition(".")[0] for module in FAMILY_MODULES.values())
    for path in _files("engine"):
        assert _imports_from(path, families + FAMILIES + APPS) == set(), path


def _module_strings(path: Path) -> set[str]:
    """The string constants of a file that name a paiju module (what ``importlib`` would be handed)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    strings = (node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str))
    return {s for s in strings if re.fullmatch(r"paiju(\.\w+)+", s)}


def test_the_kernel_names_no_app_module_to_import_by_name() -> None:
    """paiju/engine reaches no bot, server, terminal or table policy even through a module named in a string (the
    registry once imported ``paiju.bots`` by name to make a table's own bot): finding a table's bot is the apps'."""
    for path in _files("engine"):
        assert {s for s in _module_strings(path) if _inside(s, APPS)} == set(), path


#: What the apps decide about a family's tables: its table policy holds it, the kernel's family record none of it.
TABLE_POLICY = {
    "bot", "timeout_bot", "timeout_takes_over", "forced_pass_shown", "tally", "frame_fields", "most_actions", "paced",
    "engine", "play_cards", "match",
}  # fmt: skip


def test_the_apps_find_table_policy_in_the_policy_module_and_the_kernel_keeps_only_hooks() -> None:
    """Bots, timeouts, pacing, frame fields, bounds, the match standing and a simulation's tally are the apps'
    policy (``paiju.policy.TablePolicy``, one module per family under ``paiju/policy``), not the kernel's
    ``Family``, which keeps the hooks a replay, a search or a learner needs; every family has both."""
    hooks = set(Family.__dataclass_fields__)
    policy = set(TablePolicy.__dataclass_fields__)
    assert policy == TABLE_POLICY and not hooks & policy
    assert set(POLICY_MODULES) == set(FAMILY_MODULES)
    assert all(_inside(module, ("paiju.policy",)) for module in POLICY_MODULES.values())


def test_no_module_is_over_400_lines() -> None:
    """Modules stay small enough to read whole: none over 400 lines (Python, the compiled generator's C, and the
    browser client's scripts and styles), each family's hand driver (climbing's and trick's) under 250."""
    sources = [p for pattern in ("*.py", "*.js", "*.css", "*.c", "*.h") for p in PACKAGE.rglob(pattern)]
    sizes = {path.relative_to(PACKAGE).as_posix(): len(path.read_text(encoding="utf-8").splitlines()) for path in sources}
    assert {name: n for name, n in sizes.items() if n > MODULE_LINES} == {}
    drivers = [f"{family.removeprefix('paiju.')}/hand.py" for family in FAMILIES]
    assert {name: sizes[name] for name in drivers if sizes[name] >= DRIVER_LINES} == {}


def test_the_refusal_errors_sit_at_the_bottom_and_import_nothing_of_paiju() -> None:
    """A refusal (``IllegalMoveError``, ``AmbiguousMoveError``, ``Reason``) is raised by every family and caught by
    every app, so it lives below the cards, not in the climbing family's pattern engine."""
    from paiju import errors

    modules = {_module_name(p) for p in PACKAGE.rglob("*.py")}
    assert _paiju_imports(PACKAGE / "errors.py", "paiju.errors", modules) == set()
    assert {errors.IllegalMoveError.__module__, errors.AmbiguousMoveError.__module__, errors.Reason.__module__} == {
        "paiju.errors"
    }


#: Rules once written in more than one module, each now defined in exactly one.
ONE_DEFINITION = {"face": "paiju.cards", "copy_of": "paiju.cards", "RED_FIVE_PAIR": "paiju.trick.declare"}


def _top_level_names(path: Path) -> set[str]:
    """The functions, classes and variables a module defines at its top level (not the names it imports)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def test_a_card_face_and_the_red_five_pair_are_each_defined_once() -> None:
    """A card's face (its identity across decks) and the ♥5 pair's strength are written in one module each, which
    every other module imports: the two families once each had their own ``face`` and ``RED_FIVE_PAIR``."""
    defined: dict[str, list[str]] = {name: [] for name in ONE_DEFINITION}
    for path in sorted(PACKAGE.rglob("*.py")):
        for name in _top_level_names(path) & set(ONE_DEFINITION):
            defined[name].append(_module_name(path))
    assert defined == {name: [module] for name, module in ONE_DEFINITION.items()}


def test_variants_do_not_depend_on_patterns() -> None:
    """Variants are plain data: the variant layer imports only cards."""
    for path in (PACKAGE / "variants").rglob("*.py"):
        assert not any(_inside(i, ("paiju.patterns", *FAMILIES)) for i in _imports(path)), path


#: A C function defined for other files to call (not ``static``): its name, up to its body's brace.
_C_DEFINITION = re.compile(r"^(?!static\b)(?:[A-Za-z_]\w*[ *]+)+(\w+)\(([^;{)]*)\)\s*\{", re.MULTILINE)


#: A C comment; a call of function ``n`` or its name in a method table (a cast, or the entry's second item).
_C_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)
_C_USE = r"(?<![\w.>]){n}\s*\(|\){n}\b|\{{\"\w+\",\s*{n}\b"


def _c_sources(folder: str) -> list[Path]:
    return sorted([*(PACKAGE / folder).glob("*.c"), *(PACKAGE / folder).glob("*.h")])


def test_the_pattern_c_names_no_climbing_field_and_includes_no_climbing_header() -> None:
    """The move generator's C lists moves; the play turn that reads a hand's fields by name lives with climbing
    (turn.h names them): no pattern C source spells one of those fields or includes the climbing header."""
    fields = re.findall(r'FIELD\("(\w+)"\)', (PACKAGE / "climbing" / "turn_fields.c").read_text(encoding="utf-8"))
    assert {"state", "_legal", "to_act", "hands", "counts", "trick", "played_by"} <= set(fields)
    for path in _c_sources("patterns"):
        text = path.read_text(encoding="utf-8")
        assert not [f for f in fields if re.search(rf'(?<!\{{)"{f}"', text)], path  # a method's name is no field
        assert not re.search(r'#include\s+"(turn\.h|\.\./climbing/)', text), path


@pytest.mark.parametrize("folder", ["patterns", "climbing", "engine"])
def test_no_c_file_calls_back_into_a_file_that_calls_it(folder: str) -> None:
    """Each extension's C files call each other one way only (the module's file at the top, the field reads at the
    bottom of the turn): no two files, or longer circle of them, call each other round."""
    sources = [p for p in _c_sources(folder) if p.suffix == ".c"]
    texts = {p.name: _C_COMMENT.sub(" ", p.read_text(encoding="utf-8")) for p in sources}
    defined = {name: file for file, text in texts.items() for name, _ in _C_DEFINITION.findall(text)}
    calls = {
        file: {defined[n] for n in defined if defined[n] != file and re.search(_C_USE.format(n=n), text)}
        for file, text in texts.items()
    }
    done: set[str] = set()

    def visit(file: str, path: tuple[str, ...]) -> None:
        assert file not in path, f"a circle of calls: {' -> '.join((*path, file))}"
        if file not in done:
            for callee in calls[file]:
                visit(callee, (*path, file))
            done.add(file)

    for file in texts:
        visit(file, ())


def test_test_files_and_tests_are_named_for_what_they_check() -> None:
    """A test module or test says what it checks, not which review's finding it came from (``test_finding_05_…``)."""
    tests = PACKAGE.parent / "tests"
    review = re.compile(r"(^|_)findings?(_|$)")
    named = [path.relative_to(tests).as_posix() for path in tests.rglob("*.py") if review.search(path.stem)]
    for path in tests.rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                if re.search(r"(^|_)finding_(\d+|deployment)_", node.name):
                    named.append(f"{path.relative_to(tests).as_posix()}::{node.name}")
    assert named == []


@pytest.mark.slow
def test_mypy_strict_passes() -> None:
    """`mypy --strict` on the package finds nothing."""
    if shutil.which("mypy", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("mypy is not installed in this environment")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(PACKAGE)], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_finds_no_unused_or_undefined_names() -> None:
    """`ruff check` (pyflakes rules): no unused imports, undefined names or shadowed definitions."""
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent))
    if ruff is None:
        pytest.skip("ruff is not installed in this environment")
    root = PACKAGE.parent
    done = subprocess.run(
        [ruff, "check", "paiju", "tests", "benchmarks"], cwd=root, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
