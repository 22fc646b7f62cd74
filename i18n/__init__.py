"""The translator's workflow: PO export, import, sync and status of card texts, catalogues and rules chapters."""
