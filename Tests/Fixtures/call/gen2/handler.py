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
