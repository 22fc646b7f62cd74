"""Golden files: card source → expected tree, broken source → expected diagnostics (whole text)."""
import pytest

from golden import cases, load, plain, run, save


def _check(path, tmp_path, update: bool, key: str):
    case = load(path)
    got = run(case, tmp_path)
    if update:
        case.pop("tree", None)
        case.pop("diagnostics", None)
        case.update(got)
        save(path, case)
        return
    assert key in got, f"{path.name}: expected {key}, got {got}"
    assert got[key] == plain(case[key])


@pytest.mark.parametrize("path", cases("trees"), ids=lambda p: p.stem)
def test_tree(path, tmp_path, update_goldens):
    _check(path, tmp_path, update_goldens, "tree")


@pytest.mark.parametrize("path", cases("diagnostics"), ids=lambda p: p.stem)
def test_diagnostic(path, tmp_path, update_goldens):
    _check(path, tmp_path, update_goldens, "diagnostics")
