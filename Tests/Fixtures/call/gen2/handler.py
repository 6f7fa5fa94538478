"""The answers of the Gen 2 fixture's custom operations (a function handler's, a custom type's, an
async handler's EventInvocationResponse), for the emulator's --custom-handler."""

import json


def getWeather(args):
    return {"city": args["city"], "temperature": 21.5, "unit": "CELSIUS",
            "days": [{"date": "2026-12-07", "high": 23.0}]}


def report(args):
    payload = json.loads(args["payload"]) if isinstance(args.get("payload"), str) else args.get("payload")
    details = args.get("details") or {}
    return {"id": f"{args['kind']}-{details.get('count', 0)}-{len(payload or {})}", "accepted": True}


def startExport(args):
    return {"success": True}


def generateRecipe(args):
    # What the generation route's model would answer, in its return type's shape.
    words = (args.get("description") or "").split()
    return {"name": " ".join(words[:3]).title(), "ingredients": ["rice", "beans"], "instructions": "Simmer."}
