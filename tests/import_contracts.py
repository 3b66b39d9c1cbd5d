"""A contract type for import-linter: the listed packages import only the standard library.

import-linter's own ``forbidden`` contract names the packages a module may not import, so it
would pass a dependency nobody thought to list; this one allows only what
``sys.stdlib_module_names`` holds. ``make test`` runs ``lint-imports``.
"""

from __future__ import annotations

import sys
from typing import cast

from importlinter import Contract, ContractCheck, fields, output
from importlinter.domain.imports import Module


class StandardLibraryOnly(Contract):
    """The modules in ``source_modules`` (and below) import nothing outside the standard library
    and the root packages of the contract's graph that the other contracts allow."""

    source_modules = fields.ListField(subfield=fields.ModuleField())
    allowed_modules = fields.ListField(subfield=fields.ModuleField(), required=False)

    def check(self, graph, verbose: bool) -> ContractCheck:
        """Every import of a source module names a standard-library or allowed package."""
        allowed = set(sys.stdlib_module_names)
        allowed |= {module.name for module in cast("list[Module]", self.allowed_modules or [])}
        found = []
        for source in cast("list[Module]", self.source_modules):  # a field reads as its list
            for importer in {source.name} | graph.find_descendants(source.name):
                for imported in graph.find_modules_directly_imported_by(importer):
                    if imported.split(".")[0] not in allowed:
                        lines = graph.get_import_details(importer=importer, imported=imported)
                        found += [f"{importer}:{line['line_number']} imports {imported}"
                                  for line in lines] or [f"{importer} imports {imported}"]
        return ContractCheck(kept=not found, metadata={"imports": sorted(found)})

    def render_broken_contract(self, check: ContractCheck) -> None:
        """One line per import from outside the standard library."""
        for line in check.metadata["imports"]:
            output.print_error(line)
