"""The answers of Tests/Fixtures/call/schema.graphql's custom operations, for the emulator's
--custom-handler: what the @function Lambdas would return. publishItem is left out on purpose when a
test names handler-without-publish.py."""


def echo(args):
    return args["msg"]


def searchItems(args):
    return [{"id": f"s{n}", "name": args["term"], "status": "DONE"} for n in range(args.get("limit") or 2)]


def publishItem(args):
    given = args.get("input") or {}
    return {"id": args["id"], "status": args["status"], "meta": args.get("meta"),
            "stats": {"count": given.get("priority") or 0, "tags": [given.get("note") or ""]}}
