from aiohttp import WSMsgType, web

from .model import SpeakerEncoder
from .stream import StreamSession


async def ws_handler(request):
    ws = web.WebSocketResponse()
    await ws.prepare(request)
    session = StreamSession(request.app["model"])
    async for msg in ws:
        if msg.type == WSMsgType.BINARY:
            k = await session.on_chunk(msg.data)
            if k is not None:
                await ws.send_json({"speakers": k})
        elif msg.type == WSMsgType.CLOSE:
            break
    return ws


def make_app():
    app = web.Application()
    app["model"] = SpeakerEncoder(192).cuda().eval()
    app.router.add_get("/stream", ws_handler)
    return app


if __name__ == "__main__":
    web.run_app(make_app(), port=8090)
