"""A module of one pydantic model per type pydantic-extra-types describes (``value: Color``,
``value: MacAddress``...), for `holdout_pydantic.py` and `holdout_stubs.py`: the schemas, and the
typed stubs, of tools that answer those types.

    PYTHONPATH=bench:TARGET python bench/holdout_pydantic.py holdout_extra_types OUT.tar.gz
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pydantic
import pydantic_extra_types

for _info in pkgutil.iter_modules(pydantic_extra_types.__path__):
    try:  # a module needing a package not installed (pendulum, python-ulid): left out
        _module = importlib.import_module(f"pydantic_extra_types.{_info.name}")
    except Exception:
        continue
    for _name, _type in sorted(vars(_module).items()):
        if not inspect.isclass(_type) or _type.__module__ != _module.__name__ or _name.startswith("_"):
            continue
        try:  # a helper class that is no field type: left out
            _model = pydantic.create_model(f"{_info.name}__{_name}", value=(_type, ...), __module__=__name__)
            _model.model_json_schema()
        except Exception:
            continue
        globals()[_model.__name__] = _model
