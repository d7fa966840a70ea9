# ghosttax trace: this folder is first on PYTHONPATH while `ghosttax trace` runs a command.
# Start the Python recorder (_ghosttax_recorder.py, beside this file), then run the
# `sitecustomize` this file hides, if the interpreter's path has one, as Python would have.
import os
import sys

_here = os.path.dirname(os.path.abspath(__file__))
try:
    import _ghosttax_recorder

    _ghosttax_recorder.start(_here)
except Exception as _e:  # the recorder never stops the program
    try:
        sys.stderr.write("ghosttax trace: the Python recorder did not start: %r\n" % (_e,))
    except Exception:
        pass


def _chain():
    from importlib import machinery, util

    here = os.path.normcase(os.path.abspath(_here))
    rest = []
    for p in list(sys.path):
        try:
            same = os.path.normcase(os.path.abspath(p or os.curdir)) == here
        except Exception:
            same = False
        if same:
            sys.path.remove(p)
        else:
            rest.append(p)
    spec = machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is None or spec.loader is None:
        return
    module = util.module_from_spec(spec)
    sys.modules["sitecustomize"] = module
    spec.loader.exec_module(module)


_chain()
