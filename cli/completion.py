"""``dow completion bash|zsh``: a shell completion script written from the command's own parser.

The commands, options and their choices are fixed when dow is installed, so a static script
made from the argparse parser completes them with no Python started on each Tab press and
no extra package (argcomplete would add both, for nothing these completions need). zsh runs
the same script through its bash-completion layer (bashcompinit).
"""
from __future__ import annotations

import argparse
import shlex
from pathlib import Path


def _words(parser: argparse.ArgumentParser) -> tuple[list[str], dict[str, str], list[str], bool]:
    """A parser's options, {option: its choices or FILE}, its positional choices, whether a positional is a path."""
    options, values, positional, paths = [], {}, [], False
    for action in parser._actions:
        if action.option_strings:
            options += [o for o in action.option_strings if o.startswith("--") or len(action.option_strings) == 1]
            takes = action.nargs != 0
            for option in action.option_strings:
                if action.choices:
                    values[option] = " ".join(map(str, action.choices))
                elif takes and action.type is Path:
                    values[option] = "FILE"
        elif isinstance(action, argparse._SubParsersAction):
            continue
        elif action.choices:
            positional += list(map(str, action.choices))
        elif action.type is Path:
            paths = True
    return options, values, positional, paths


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _case(options: list[str], values: dict[str, str], positional: list[str], paths: bool, indent: str) -> list[str]:
    """The bash lines completing one parser's words."""
    lines = [f'{indent}case "$prev" in']
    for option, value in sorted(values.items()):
        reply = '$(compgen -f -- "$cur")' if value == "FILE" else f'$(compgen -W {shlex.quote(value)} -- "$cur")'
        lines.append(f"{indent}  {option}) COMPREPLY=({reply}); return;;")
    lines.append(f"{indent}esac")
    words = shlex.quote(" ".join(options + positional))
    files = ' $(compgen -f -- "$cur")' if paths else ""
    lines.append(f'{indent}COMPREPLY=($(compgen -W {words} -- "$cur"){files})')
    return lines


def bash(parser: argparse.ArgumentParser) -> str:
    """The bash completion script."""
    commands = _subcommands(parser)
    top = _words(parser)
    lines = ["# dow completion for bash: eval \"$(dow completion bash)\"", "_dow() {",
             '  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" cmd="" i',
             "  for ((i = 1; i < COMP_CWORD; i++)); do",
             '    case "${COMP_WORDS[i]}" in',
             "      --root) ((i++));;",
             "      -*) ;;",
             '      *) cmd="${COMP_WORDS[i]}"; break;;',
             "    esac",
             "  done",
             '  case "$cmd" in']
    for name, sub in commands.items():
        lines.append(f"    {name})")
        lines += _case(*_words(sub), indent="      ")
        lines.append("      ;;")
    lines.append("    *)")
    lines += _case(top[0], top[1], list(commands), False, indent="      ")
    lines += ["      ;;", "  esac", "}", "complete -o filenames -F _dow dow"]
    return "\n".join(lines)


def script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script for ``shell`` (bash or zsh)."""
    if shell == "zsh":
        return ("# dow completion for zsh: eval \"$(dow completion zsh)\"\n"
                "autoload -U +X bashcompinit && bashcompinit\n" + bash(parser).split("\n", 1)[1])
    return bash(parser)
